import { and, asc, desc, eq, inArray, isNull, ne } from 'drizzle-orm';
import * as z from 'zod/mini';
import { getDb, schema } from './db/index.ts';
import { findVisible, mayWrite } from './vacancies.ts';
import { allowedStages, customerIds, moveStage, rate } from './candidates.ts';
import { AppError, forbidden, notFound, tooMany } from './http.ts';
import { queueMail } from './mail.ts';
import { announce, notify } from './notifications.ts';
import { hit } from './ratelimit.ts';
import { env } from './env.ts';
import { randomToken, sha256 } from './auth/tokens.ts';
import { shortName, type UserRow } from './users.ts';
import { hiddenName, identityShown } from './privacy.ts';
import { mergedMonths, newestFirst } from '../experience.ts';
import { STAGE, type Stage } from '../schemas/funnel.ts';
import { STATUS } from '../roles.ts';
import { optionalText, requiredText } from '../schemas/common.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { UUID } from '../uuid.ts';

/** How long a shortlist's link opens it, unless the sender chose otherwise (at most MAX_DAYS). */
export const SHORTLIST_DAYS = 7;
export const MAX_DAYS = 30;
/** Candidates one shortlist holds: what a customer can weigh in one sitting. */
export const MAX_CANDIDATES = 30;
/** Answers one link may post per hour, whoever holds it. */
const ANSWERS_PER_HOUR = 60;
const DAY_SECONDS = 86_400;

const ids = (value: unknown): string[] => [...new Set((Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string' && UUID.test(v)))];

/**
 * Mails each chosen customer of the vacancy a link to the chosen candidates, one shortlist per
 * customer, all in one transaction: either every customer's mail is queued or none.
 */
export async function sendShortlists(user: UserRow, vacancyId: string, input: { candidates: unknown; customers: unknown; days: unknown }): Promise<number> {
  if (!mayWrite(user)) throw forbidden();
  const vacancy = await findVisible(user, vacancyId);
  if (vacancy.status !== 1) throw new AppError(409, 'shortlist.error.not_published');
  const candidateIds = ids(input.candidates);
  const customerIds = ids(input.customers);
  const days = Number(input.days ?? SHORTLIST_DAYS);
  if (!candidateIds.length) throw new AppError(400, 'shortlist.error.no_candidates');
  if (candidateIds.length > MAX_CANDIDATES) throw new AppError(400, 'shortlist.error.too_many_candidates');
  if (!customerIds.length) throw new AppError(400, 'shortlist.error.no_customers');
  if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) throw new AppError(400, 'shortlist.error.days');
  const db = await getDb();
  const [onVacancy, customers] = await Promise.all([
    db
      .select({ id: schema.vacancyCandidates.candidateId })
      .from(schema.vacancyCandidates)
      .where(and(eq(schema.vacancyCandidates.vacancyId, vacancy.id), inArray(schema.vacancyCandidates.candidateId, candidateIds))),
    db
      .select({ user: schema.users })
      .from(schema.vacancyCustomers)
      .innerJoin(schema.users, eq(schema.users.id, schema.vacancyCustomers.userId))
      // a link goes only where it will work (linkCustomer): not to a deleted or banned account
      .where(and(eq(schema.vacancyCustomers.vacancyId, vacancy.id), inArray(schema.vacancyCustomers.userId, customerIds), isNull(schema.users.deletedAt), ne(schema.users.status, STATUS.BANNED))),
  ]);
  // only the vacancy's own candidates and customers: anything else in the form is someone else's
  if (onVacancy.length !== candidateIds.length || customers.length !== customerIds.length) throw notFound();
  const expiresAt = new Date(Date.now() + days * DAY_SECONDS * 1000);
  await db.transaction(async (tx) => {
    for (const { user: customer } of customers) {
      const token = randomToken();
      const [shortlist] = await tx
        .insert(schema.shortlists)
        .values({ spaceId: vacancy.spaceId, vacancyId: vacancy.id, customerId: customer.id, sentBy: user.id, tokenHash: sha256(token), expiresAt })
        .returning();
      await tx.insert(schema.shortlistCandidates).values(candidateIds.map((candidateId, position) => ({ shortlistId: shortlist!.id, candidateId, position })));
      await tx.insert(schema.funnelEvents).values(candidateIds.map((candidateId) => ({ spaceId: vacancy.spaceId, vacancyId: vacancy.id, candidateId, userId: user.id, kind: 'shortlist_sent', toValue: shortName(customer) })));
      const locale: Locale = isLocale(customer.lang) ? customer.lang : 'en';
      const t = translator(locale);
      const params = {
        name: customer.name || customer.email,
        sender: `${user.name} ${user.surname}`.trim() || user.email,
        vacancy: vacancy.positionName,
        count: candidateIds.length,
        link: `${env().PUBLIC_URL}${localizedPath('/shortlist', locale)}?token=${token}`,
        days,
      };
      await queueMail(tx, { to: customer.email, subject: t('shortlist.mail_subject', params), text: `${t('shortlist.mail_text', params)}\n\n${t('shortlist.mail_days', { count: days })}\n\n${t('mail.signature')}` }, { kind: 'shortlist', spaceId: vacancy.spaceId });
    }
  });
  return customers.length;
}

export interface SentShortlist {
  id: string;
  customer: string;
  candidates: number;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

/** The vacancy's shortlists, newest first, for the people who send them. */
export async function listShortlists(user: UserRow, vacancyId: string): Promise<SentShortlist[]> {
  if (!mayWrite(user)) throw forbidden();
  const vacancy = await findVisible(user, vacancyId);
  const db = await getDb();
  const rows = await db
    .select({ shortlist: schema.shortlists, customer: schema.users })
    .from(schema.shortlists)
    .innerJoin(schema.users, eq(schema.users.id, schema.shortlists.customerId))
    .where(eq(schema.shortlists.vacancyId, vacancy.id))
    .orderBy(desc(schema.shortlists.createdAt))
    .limit(50);
  const counts = rows.length
    ? await db.select({ id: schema.shortlistCandidates.shortlistId }).from(schema.shortlistCandidates).where(inArray(schema.shortlistCandidates.shortlistId, rows.map((r) => r.shortlist.id)))
    : [];
  return rows.map(({ shortlist, customer }) => ({
    id: shortlist.id,
    customer: `${customer.name} ${customer.surname}`.trim() || customer.email,
    candidates: counts.filter((c) => c.id === shortlist.id).length,
    createdAt: shortlist.createdAt,
    expiresAt: shortlist.expiresAt,
    revokedAt: shortlist.revokedAt,
  }));
}

/** Closes a link at once; revoking twice changes nothing. */
export async function revokeShortlist(user: UserRow, vacancyId: string, shortlistId: string): Promise<void> {
  if (!mayWrite(user)) throw forbidden();
  const vacancy = await findVisible(user, vacancyId);
  if (!UUID.test(shortlistId)) throw notFound();
  const db = await getDb();
  const [row] = await db.select({ id: schema.shortlists.id }).from(schema.shortlists).where(and(eq(schema.shortlists.id, shortlistId), eq(schema.shortlists.vacancyId, vacancy.id)));
  if (!row) throw notFound();
  await db.update(schema.shortlists).set({ revokedAt: new Date() }).where(and(eq(schema.shortlists.id, shortlistId), isNull(schema.shortlists.revokedAt)));
}

export interface ShortlistCard {
  id: string;
  name: string;
  surname: string;
  positionName: string;
  city: string | null;
  salary: number | null;
  salaryTo: number | null;
  experienceMonths: number;
  recentJobs: { companyName: string; positionName: string }[];
  skills: string[];
  stage: Stage;
  /** Only when the candidate agreed to share their data with this customer (docs/decisions/0022). */
  hasResume: boolean;
  /** The name is "Candidate 4812" until the candidate agrees to share with this customer. */
  identityHidden: boolean;
  myScore: number | null;
  myComment: string;
  /** Whether the link's customer may reject them at their stage (the main customer, from their interview on). */
  mayReject: boolean;
}

export type ShortlistState =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'revoked' }
  | { kind: 'open'; id: string; vacancyId: string; vacancyName: string; customer: UserRow; expiresAt: Date; candidates: ShortlistCard[] };

async function byToken(token: string) {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(schema.shortlists).where(eq(schema.shortlists.tokenHash, sha256(token)));
  return row;
}

/**
 * The link's customer while the link may act for them: a live account, not banned (one still
 * waiting for its registration code counts: it was invited), that is still a customer of the
 * vacancy. Otherwise the link is as good as withdrawn: a deleted account's link
 * showed the cards, rated and asked for interviews in its name.
 */
async function linkCustomer(shortlist: { customerId: string; vacancyId: string }): Promise<UserRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({ user: schema.users })
    .from(schema.users)
    .innerJoin(schema.vacancyCustomers, and(eq(schema.vacancyCustomers.userId, schema.users.id), eq(schema.vacancyCustomers.vacancyId, shortlist.vacancyId)))
    .where(and(eq(schema.users.id, shortlist.customerId), isNull(schema.users.deletedAt), ne(schema.users.status, STATUS.BANNED)));
  return row?.user;
}

/** What a shortlist's link shows: nothing about anyone unless it is a live link. */
export async function openShortlist(token: string, locale: Locale, now = new Date()): Promise<ShortlistState> {
  const shortlist = await byToken(token);
  if (!shortlist) return { kind: 'invalid' };
  if (shortlist.revokedAt) return { kind: 'revoked' };
  if (shortlist.expiresAt <= now) return { kind: 'expired' };
  const db = await getDb();
  const [customer, [vacancy], customers] = await Promise.all([
    linkCustomer(shortlist),
    db.select().from(schema.vacancies).where(eq(schema.vacancies.id, shortlist.vacancyId)),
    customerIds(shortlist.vacancyId),
  ]);
  if (!vacancy) return { kind: 'invalid' };
  if (!customer) return { kind: 'revoked' };
  const rows = await db
    .select({
      candidate: schema.candidates,
      stage: schema.vacancyCandidates.stage,
      city: locale === 'ru' ? schema.cities.nameRu : schema.cities.nameEn,
      score: schema.ratings.score,
      comment: schema.ratings.comment,
      shown: identityShown(customer, schema.candidates.id),
    })
    .from(schema.shortlistCandidates)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.shortlistCandidates.candidateId))
    // a candidate taken off the vacancy since the mail is no longer shown
    .innerJoin(schema.vacancyCandidates, and(eq(schema.vacancyCandidates.candidateId, schema.candidates.id), eq(schema.vacancyCandidates.vacancyId, shortlist.vacancyId)))
    .leftJoin(schema.cities, eq(schema.cities.id, schema.candidates.cityId))
    .leftJoin(schema.ratings, and(eq(schema.ratings.candidateId, schema.candidates.id), eq(schema.ratings.vacancyId, shortlist.vacancyId), eq(schema.ratings.userId, customer.id)))
    .where(eq(schema.shortlistCandidates.shortlistId, shortlist.id))
    .orderBy(asc(schema.shortlistCandidates.position));
  return {
    kind: 'open',
    id: shortlist.id,
    vacancyId: shortlist.vacancyId,
    vacancyName: vacancy.positionName,
    customer,
    expiresAt: shortlist.expiresAt,
    candidates: rows.map(({ candidate, stage, city, score, comment, shown }) => {
      const jobs = newestFirst(candidate.jobExperience);
      return {
        id: candidate.id,
        name: shown ? candidate.name : hiddenName(candidate.number, locale),
        surname: shown ? candidate.surname : '',
        identityHidden: !shown,
        positionName: candidate.positionName,
        city,
        salary: candidate.salary,
        salaryTo: candidate.salaryTo,
        experienceMonths: mergedMonths(jobs, now),
        recentJobs: jobs.slice(0, 3).map(({ companyName, positionName }) => ({ companyName, positionName })),
        skills: candidate.skills,
        stage: stage as Stage,
        hasResume: Boolean(candidate.resume) && shown,
        myScore: score ?? null,
        myComment: comment ?? '',
        // the funnel's rules, as an answer would meet them: no button that can only be refused
        mayReject: allowedStages(customer, vacancy, customers, stage as Stage).includes(STAGE.ARCHIVE),
      };
    }),
  };
}

const AnswerSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('rate'), candidateId: z.string(), score: z.pipe(z.string(), z.transform(Number)).check(z.refine((n) => Number.isInteger(n) && n >= 1 && n <= 5, 'shortlist.error.score')), comment: optionalText(1000, { multiline: true }) }),
  z.object({ action: z.literal('reject'), candidateId: z.string(), reason: requiredText('shortlist.error.reason', 1000, { multiline: true }) }),
  z.object({ action: z.literal('interview'), candidateId: z.string(), note: optionalText(1000, { multiline: true }) }),
]);

export type ShortlistAction = 'rate' | 'reject' | 'interview';

/**
 * An answer through the link, made as the customer it was sent to: the funnel's rules apply
 * to them as if they had signed in (a customer must still be on the vacancy; only the main
 * customer of a vacancy with several moves candidates).
 */
export async function answerShortlist(token: string, fields: Record<string, unknown>): Promise<{ action: ShortlistAction; candidateId: string }> {
  const parsed = AnswerSchema.safeParse(fields);
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'error.common.invalid_body');
  const answer = parsed.data;
  const shortlist = await byToken(token);
  if (!shortlist) throw notFound();
  if (shortlist.revokedAt || shortlist.expiresAt <= new Date()) throw new AppError(410, 'shortlist.error.closed');
  if (!UUID.test(answer.candidateId)) throw notFound();
  const db = await getDb();
  // on the link, and still on its vacancy: one taken off it meanwhile is no longer the customer's to answer
  const [listed] = await db
    .select({ id: schema.shortlistCandidates.candidateId })
    .from(schema.shortlistCandidates)
    .innerJoin(schema.vacancyCandidates, and(eq(schema.vacancyCandidates.candidateId, schema.shortlistCandidates.candidateId), eq(schema.vacancyCandidates.vacancyId, shortlist.vacancyId)))
    .where(and(eq(schema.shortlistCandidates.shortlistId, shortlist.id), eq(schema.shortlistCandidates.candidateId, answer.candidateId)));
  if (!listed) throw notFound();
  if (!(await hit(`shortlist:${shortlist.id}`, ANSWERS_PER_HOUR, 3600))) throw tooMany();
  const customer = await linkCustomer(shortlist);
  if (!customer) throw new AppError(410, 'shortlist.error.closed');
  const { vacancyId } = shortlist;

  if (answer.action === 'rate') {
    await rate(customer, vacancyId, answer.candidateId, answer.score, answer.comment);
  } else if (answer.action === 'reject') {
    const [link] = await db
      .select({ stage: schema.vacancyCandidates.stage })
      .from(schema.vacancyCandidates)
      .where(and(eq(schema.vacancyCandidates.vacancyId, vacancyId), eq(schema.vacancyCandidates.candidateId, answer.candidateId)));
    if (!link) throw notFound();
    if (link.stage === STAGE.ARCHIVE) throw new AppError(409, 'shortlist.error.already_rejected');
    await moveStage(customer, vacancyId, answer.candidateId, STAGE.ARCHIVE, link.stage as Stage, { kind: 'reject_reason', text: answer.reason });
  } else {
    await requestInterview(customer, shortlist.id, vacancyId, answer.candidateId, answer.note);
  }
  return { action: answer.action, candidateId: answer.candidateId };
}

/**
 * The customer asks for an interview: recorded in the history and mailed to the vacancy's
 * recruiter, who sets the time (the customer does not see the others' calendars). Once a day
 * per candidate and link.
 */
async function requestInterview(customer: UserRow, shortlistId: string, vacancyId: string, candidateId: string, note: string): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ vacancy: schema.vacancies, recruiter: schema.users, name: schema.candidates.name, surname: schema.candidates.surname })
    .from(schema.vacancies)
    .innerJoin(schema.users, eq(schema.users.id, schema.vacancies.recruiterId))
    .innerJoin(schema.candidates, eq(schema.candidates.id, candidateId))
    .where(eq(schema.vacancies.id, vacancyId));
  if (!row) throw notFound();
  // the customer must still be on the vacancy, as for any other answer
  await findVisible(customer, vacancyId);
  const locale: Locale = isLocale(row.recruiter.lang) ? row.recruiter.lang : 'en';
  const t = translator(locale);
  const params = {
    name: row.recruiter.name || row.recruiter.email,
    customer: `${customer.name} ${customer.surname}`.trim() || customer.email,
    candidate: `${row.name} ${row.surname}`.trim(),
    vacancy: row.vacancy.positionName,
    // no note, no line (it said "Comment: none")
    note: note ? t('shortlist.note_line', { note }) : '',
    link: `${env().PUBLIC_URL}${localizedPath(`/candidates/${candidateId}/${vacancyId}`, locale)}`,
  };
  const told = await db.transaction(async (tx) => {
    if (!(await hit(`shortlist-interview:${shortlistId}:${candidateId}`, 1, DAY_SECONDS, tx))) throw tooMany('shortlist.error.asked_today');
    await tx.insert(schema.funnelEvents).values({ spaceId: row.vacancy.spaceId, vacancyId, candidateId, userId: customer.id, kind: 'interview_requested', toValue: note || null });
    await queueMail(tx, { to: row.recruiter.email, subject: t('shortlist.interview_subject', params), text: `${t('shortlist.interview_text', params)}\n\n${t('mail.signature')}` }, { kind: 'shortlist', spaceId: row.vacancy.spaceId });
    // the request has its own mail with the customer's note: the notification is the bell's only
    return notify(tx, {
      kind: 'interview_requested',
      spaceId: row.vacancy.spaceId,
      actorId: customer.id,
      recipients: [row.vacancy.recruiterId],
      candidateId,
      vacancyId,
      params: { actor: params.customer, candidate: params.candidate, vacancy: params.vacancy },
      mailedElsewhere: true,
    });
  });
  await announce(told);
}

/** The résumé through a live link, for a candidate on it who agreed to share it with the link's customer. */
export async function shortlistResume(token: string, candidateId: string): Promise<{ candidate: typeof schema.candidates.$inferSelect; reader: string }> {
  const shortlist = await byToken(token);
  if (!shortlist || shortlist.revokedAt || shortlist.expiresAt <= new Date() || !UUID.test(candidateId)) throw notFound();
  const db = await getDb();
  const customer = await linkCustomer(shortlist);
  if (!customer) throw notFound();
  const [row] = await db
    .select({ candidate: schema.candidates, shown: identityShown(customer, schema.candidates.id) })
    .from(schema.shortlistCandidates)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.shortlistCandidates.candidateId))
    // as the page shows it: only while the candidate is on the link's vacancy
    .innerJoin(schema.vacancyCandidates, and(eq(schema.vacancyCandidates.candidateId, schema.candidates.id), eq(schema.vacancyCandidates.vacancyId, shortlist.vacancyId)))
    .where(and(eq(schema.shortlistCandidates.shortlistId, shortlist.id), eq(schema.shortlistCandidates.candidateId, candidateId)));
  if (!row || !row.candidate.resume || !row.shown) throw notFound();
  return { candidate: row.candidate, reader: customer.id };
}
