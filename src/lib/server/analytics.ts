import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { hiddenName, identityShown } from './privacy.ts';
import { getDb, schema } from './db/index.ts';
import { findVisible, mayWrite } from './vacancies.ts';
import { AppError, forbidden, notFound, tooMany } from './http.ts';
import { queueMail } from './mail.ts';
import { hit } from './ratelimit.ts';
import { env } from './env.ts';
import { shortName, type UserRow } from './users.ts';
import { analyse, type Analytics, type Owner, type Track } from '../funnel-analytics.ts';
import { STAGE, type Stage } from '../schemas/funnel.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { UUID } from '../uuid.ts';

/** Items a page lists as waiting longest. */
const LONGEST_SHOWN = 10;
const DAY_SECONDS = 86_400;

export interface WaitingItem {
  candidateId: string;
  candidateName: string;
  vacancyId: string;
  vacancyName: string;
  owner: Owner;
  stage: Stage;
  sinceMs: number;
  /** Whom the funnel waits on, by name: the recruiter, the main customer, or the candidate. */
  who: string;
  /** The colleague a reminder goes to; null when the wait is on the candidate. */
  remindable: boolean;
}

export interface FunnelReport extends Omit<Analytics, 'waiting'> {
  waiting: WaitingItem[];
  vacancies: number;
}

interface VacancyInfo {
  id: string;
  positionName: string;
  recruiterId: string;
  mainCustomerId: string | null;
}

async function tracksOf(reader: UserRow, locale: Locale, vacancies: VacancyInfo[], now: Date): Promise<{ tracks: Track[]; names: Map<string, string> }> {
  const ids = vacancies.map((v) => v.id);
  if (!ids.length) return { tracks: [], names: new Map() };
  const db = await getDb();
  const vc = schema.vacancyCandidates;
  const links = await db
    .select({ link: vc, name: schema.candidates.name, surname: schema.candidates.surname, number: schema.candidates.number, shown: identityShown(reader, vc.candidateId) })
    .from(vc)
    .innerJoin(schema.candidates, eq(schema.candidates.id, vc.candidateId))
    .where(inArray(vc.vacancyId, ids));
  const candidateIds = [...new Set(links.map((l) => l.link.candidateId))];
  const [moves, requests] = candidateIds.length
    ? await Promise.all([
        db
          .select({ vacancyId: schema.funnelEvents.vacancyId, candidateId: schema.funnelEvents.candidateId, from: schema.funnelEvents.fromValue, to: schema.funnelEvents.toValue, at: schema.funnelEvents.createdAt })
          .from(schema.funnelEvents)
          .where(and(inArray(schema.funnelEvents.vacancyId, ids), eq(schema.funnelEvents.kind, 'stage'), isNotNull(schema.funnelEvents.candidateId)))
          .orderBy(asc(schema.funnelEvents.createdAt)),
        db
          .select({ candidateId: schema.pdRequests.candidateId, from: schema.pdRequests.createdAt, answeredAt: schema.pdRequests.answeredAt, supersededAt: schema.pdRequests.supersededAt, expiresAt: schema.pdRequests.expiresAt })
          .from(schema.pdRequests)
          .where(inArray(schema.pdRequests.candidateId, candidateIds)),
      ])
    : [[], []];
  const tracks = links.map(({ link }): Track => ({
    candidateId: link.candidateId,
    vacancyId: link.vacancyId,
    addedAt: link.createdAt,
    stage: link.stage as Stage,
    stageChangedAt: link.stageChangedAt,
    moves: moves
      .filter((m) => m.vacancyId === link.vacancyId && m.candidateId === link.candidateId)
      .map((m) => ({ from: Number(m.from) as Stage, to: Number(m.to) as Stage, at: m.at })),
    // a request waits until it is answered, replaced or runs out
    consent: requests
      .filter((r) => r.candidateId === link.candidateId)
      .map((r) => ({ from: r.from, to: [r.answeredAt, r.supersededAt, r.expiresAt, now].filter((x): x is Date => x !== null).reduce((a, b) => (a < b ? a : b)) })),
  }));
  // a customer reads "Candidate 4812" for a candidate who has not agreed to share with them
  return { tracks, names: new Map(links.map((l) => [l.link.candidateId, l.shown ? `${l.name} ${l.surname}`.trim() : hiddenName(l.number, locale)])) };
}

async function report(reader: UserRow, locale: Locale, vacancies: VacancyInfo[], now: Date): Promise<FunnelReport> {
  const { tracks, names } = await tracksOf(reader, locale, vacancies, now);
  const analytics = analyse(tracks, now);
  const longest = analytics.waiting.slice(0, LONGEST_SHOWN);
  const byId = new Map(vacancies.map((v) => [v.id, v]));
  const people = new Set(vacancies.flatMap((v) => [v.recruiterId, v.mainCustomerId].filter((x): x is string => x !== null)));
  const db = await getDb();
  const users = people.size ? await db.select().from(schema.users).where(inArray(schema.users.id, [...people])) : [];
  const userName = new Map(users.map((u) => [u.id, shortName(u)]));
  const waiting = longest.map((item): WaitingItem => {
    const vacancy = byId.get(item.vacancyId)!;
    const colleague = colleagueOf(vacancy, item.owner);
    return {
      ...item,
      candidateName: names.get(item.candidateId) ?? '',
      vacancyName: vacancy.positionName,
      who: item.owner === 'candidate' ? (names.get(item.candidateId) ?? '') : ((colleague && userName.get(colleague)) ?? ''),
      remindable: colleague !== null,
    };
  });
  return { ...analytics, waiting, vacancies: vacancies.length };
}

/** The recruiter for the recruiters' stages, the main customer for the customers'. */
function colleagueOf(vacancy: VacancyInfo, owner: Owner): string | null {
  if (owner === 'recruiter') return vacancy.recruiterId;
  if (owner === 'customer') return vacancy.mainCustomerId;
  return null;
}

const INFO = { id: schema.vacancies.id, positionName: schema.vacancies.positionName, recruiterId: schema.vacancies.recruiterId, mainCustomerId: schema.vacancies.mainCustomerId };

/** One vacancy's funnel, for whoever sees the vacancy (its customers included). */
export async function vacancyReport(user: UserRow, vacancyId: string, now = new Date(), locale: Locale = 'en'): Promise<FunnelReport & { vacancy: VacancyInfo }> {
  const vacancy = await findVisible(user, vacancyId);
  const info: VacancyInfo = { id: vacancy.id, positionName: vacancy.positionName, recruiterId: vacancy.recruiterId, mainCustomerId: vacancy.mainCustomerId };
  return { ...(await report(user, locale, [info], now)), vacancy: info };
}

/** Every vacancy of the user's space with candidates: the company's and its recruiters' view. */
export async function spaceReport(user: UserRow, now = new Date(), locale: Locale = 'en'): Promise<FunnelReport> {
  if (!mayWrite(user) || !user.spaceId) throw forbidden();
  const db = await getDb();
  const vacancies = await db.select(INFO).from(schema.vacancies).where(eq(schema.vacancies.spaceId, user.spaceId));
  return report(user, locale, vacancies, now);
}

/**
 * Mails the colleague a candidate waits on a reminder with a link to the candidate: at most one
 * a day per candidate on a vacancy, whoever asks, counted in the same transaction as the mail.
 */
export async function nudge(user: UserRow, vacancyId: string, candidateId: string): Promise<void> {
  if (!mayWrite(user)) throw forbidden();
  const vacancy = await findVisible(user, vacancyId);
  if (!UUID.test(candidateId)) throw notFound();
  const db = await getDb();
  const [link] = await db
    .select({ stage: schema.vacancyCandidates.stage, name: schema.candidates.name, surname: schema.candidates.surname, number: schema.candidates.number })
    .from(schema.vacancyCandidates)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.vacancyCandidates.candidateId))
    .where(and(eq(schema.vacancyCandidates.vacancyId, vacancy.id), eq(schema.vacancyCandidates.candidateId, candidateId)));
  if (!link) throw notFound();
  const stage = link.stage as Stage;
  const owner: Owner | null = stage <= STAGE.TESTING ? 'recruiter' : stage <= STAGE.FINALIST ? 'customer' : null;
  const colleagueId = owner && colleagueOf({ id: vacancy.id, positionName: vacancy.positionName, recruiterId: vacancy.recruiterId, mainCustomerId: vacancy.mainCustomerId }, owner);
  if (!colleagueId) throw new AppError(409, 'analytics.error.nobody_to_remind');
  const [colleague] = await db.select().from(schema.users).where(eq(schema.users.id, colleagueId));
  if (!colleague) throw new AppError(409, 'analytics.error.nobody_to_remind');
  const locale: Locale = isLocale(colleague.lang) ? colleague.lang : 'en';
  const t = translator(locale);
  // a customer is reminded of a candidate by name only with the candidate's consent to share with them
  const shown = (await db.execute<{ shown: boolean }>(sql`select ${identityShown(colleague, sql`${candidateId}::uuid`)} as shown`)).rows[0]?.shown === true;
  const params = {
    name: colleague.name || colleague.email,
    candidate: shown ? `${link.name} ${link.surname}`.trim() : hiddenName(link.number, locale),
    vacancy: vacancy.positionName,
    stage: t(`candidate.stage.${stage}`),
    from: `${user.name} ${user.surname}`.trim() || user.email,
    link: `${env().PUBLIC_URL}${localizedPath(`/candidates/${candidateId}/${vacancy.id}`, locale)}`,
  };
  await db.transaction(async (tx) => {
    if (!(await hit(`nudge:${vacancy.id}:${candidateId}`, 1, DAY_SECONDS, tx))) throw tooMany('analytics.error.reminded_today');
    await queueMail(tx, { to: colleague.email, subject: t('analytics.mail_subject', params), text: `${t('analytics.mail_text', params)}\n\n${t('mail.signature')}` }, { kind: 'reminder', spaceId: vacancy.spaceId });
  });
}
