import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { hiddenName, identityShown } from './privacy.ts';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { queueMail, type Mail } from './mail.ts';
import { announce, notify, personName, type NotifyInput } from './notifications.ts';
import { env } from './env.ts';
import { findVisibleCandidate, mayManageCandidates } from './candidates.ts';
import { findVisible } from './vacancies.ts';
import { isStaff } from './auth/service.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import { PD_STATUS } from '../schemas/funnel.ts';
import type { FeedItem, InterviewDto } from '../schemas/interview.ts';
import type { UserRow } from './users.ts';
import { formatMeetingLong } from '../dates.ts';
import { offsetMinutes, wallTime } from '../time-zone.ts';
import { localZoneLabel } from '../i18n/zone-places.ts';
import { queueWebhookEvents } from './webhooks.ts';
import { isUuid } from '../uuid.ts';

type Kind = InterviewDto['kind'];

function icsDate(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

/**
 * RFC 5545 text: backslash, semicolon and comma escaped; every line break (CRLF, a lone CR or LF)
 * becomes \n, and other control characters go, so no value can end a line or start a property.
 */
export function icsText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u001f\u007f]/g, '');
}

/** Folds a content line at 75 octets, never inside a character (RFC 5545 §3.1). */
export function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > 75) {
      out.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n');
}

/** 'YYYYMMDDTHHMMSS' of a moment's wall clock in a zone (a TZID-qualified DATE-TIME). */
function icsLocal(date: Date, zone: string): string {
  return `${wallTime(date, zone).replace(/[-:]/g, '')}00`;
}

/** '+0700' */
function icsOffset(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

const DAY = 86_400_000;

/**
 * The VTIMEZONE a TZID needs (RFC 5545 §3.6.5), built from Intl for the year around a moment:
 * the offset in force a year before, then every change until a year after, each as an
 * observance of its own. Enough for one event and its reschedules; no RRULE to get wrong.
 */
export function vtimezone(zone: string, around: Date): string[] {
  const from = around.getTime() - 366 * DAY;
  const to = around.getTime() + 366 * DAY;
  const changes: { at: number; before: number; after: number }[] = [];
  let previous = offsetMinutes(zone, new Date(from));
  // week by week (no zone changes its clock twice in a week), then the minute by halving
  const WEEK = 7 * DAY;
  for (let week = from + WEEK; week < to + WEEK; week += WEEK) {
    const offset = offsetMinutes(zone, new Date(week));
    if (offset === previous) continue;
    let low = week - WEEK;
    let high = week;
    while (high - low > 60_000) {
      const middle = low + Math.floor((high - low) / 120_000) * 60_000;
      if (offsetMinutes(zone, new Date(middle)) === previous) low = middle;
      else high = middle;
    }
    changes.push({ at: high, before: previous, after: offset });
    previous = offset;
  }
  const first = offsetMinutes(zone, new Date(from));
  const standard = changes.length ? Math.min(first, ...changes.map((c) => c.after)) : first;
  const observance = (kind: string, start: string, before: number, after: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${start}`,
    `TZOFFSETFROM:${icsOffset(before)}`,
    `TZOFFSETTO:${icsOffset(after)}`,
    `END:${kind}`,
  ];
  return [
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    ...observance(first > standard ? 'DAYLIGHT' : 'STANDARD', '19700101T000000', first, first),
    // an observance's start is its wall clock in the offset it replaces
    ...changes.flatMap((c) => observance(c.after > standard ? 'DAYLIGHT' : 'STANDARD', icsDate(new Date(c.at + c.before * 60_000)).replace(/Z$/, ''), c.before, c.after)),
    'END:VTIMEZONE',
  ];
}

export type IcsMethod = 'REQUEST' | 'CANCEL';

/**
 * The invitation as an iCalendar file, so that mail clients offer to add it to the calendar.
 * Its times are in the reader's zone (TZID with its VTIMEZONE), as the mail's text is. One UID
 * per interview: a change is the same event with a higher SEQUENCE (METHOD:REQUEST), which
 * calendars apply over the old one; a cancellation is METHOD:CANCEL with STATUS:CANCELLED.
 */
export function interviewIcs(input: {
  uid: string;
  start: Date;
  minutes: number;
  zone: string;
  summary: string;
  description: string;
  location: string;
  organizer: string;
  attendees: string[];
  sequence?: number;
  method?: IcsMethod;
}): string {
  const method = input.method ?? 'REQUEST';
  const end = new Date(input.start.getTime() + input.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Recruit//Interviews//EN',
    `METHOD:${method}`,
    ...vtimezone(input.zone, input.start),
    'BEGIN:VEVENT',
    `UID:${input.uid}@recruit`,
    `SEQUENCE:${input.sequence ?? 0}`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART;TZID=${input.zone}:${icsLocal(input.start, input.zone)}`,
    `DTEND;TZID=${input.zone}:${icsLocal(end, input.zone)}`,
    `STATUS:${method === 'CANCEL' ? 'CANCELLED' : 'CONFIRMED'}`,
    `SUMMARY:${icsText(input.summary)}`,
    `DESCRIPTION:${icsText(input.description)}`,
    ...(input.location ? [`LOCATION:${icsText(input.location)}`] : []),
    `ORGANIZER:mailto:${input.organizer}`,
    ...input.attendees.map((a) => `ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${a}`),
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

type InterviewRow = typeof schema.interviews.$inferSelect;
type CandidateRef = { id: string; name: string; surname: string; email: string | null; lang: string | null };
type VacancyRef = { id: string; positionName: string } | undefined;

/** Who reads a mail: a participant (an account, with its zone) or the invited candidate. */
type Reader = { kind: 'participant'; person: UserRow } | { kind: 'candidate'; email: string; lang: Locale; zone: string };

/** What a mail says happened: a new invitation, a change (with the time it had), a cancellation. */
type Change = { kind: 'new' } | { kind: 'updated'; was?: Date } | { kind: 'cancelled' };

const fromAddress = () => /<([^>]+)>/.exec(env().MAIL_FROM)?.[1] ?? env().MAIL_FROM;

/**
 * One reader's mail about an interview, in their language and zone, with the .ics file. The
 * time names its zone when another party keeps another one; the candidate, who keeps none, is
 * always told the organiser's zone.
 */
function interviewMail({ reader, people, interview, change, candidate, vacancy, hiddenAs }: {
  reader: Reader;
  /** The candidate's number when this reader is a customer they have not agreed to share with. */
  hiddenAs?: number;
  people: UserRow[];
  interview: InterviewRow;
  change: Change;
  candidate: CandidateRef;
  vacancy: VacancyRef;
}): Mail {
  const lang: Locale = reader.kind === 'candidate' ? reader.lang : isLocale(reader.person.lang) ? reader.person.lang : 'en';
  const zone = reader.kind === 'candidate' ? reader.zone : reader.person.timeZone;
  const to = reader.kind === 'candidate' ? reader.email : reader.person.email;
  const t = translator(lang);
  const named = reader.kind === 'candidate' || people.some((p) => p.email !== to && p.timeZone !== zone);
  const moment = (at: Date) => {
    const text = formatMeetingLong(at, lang, zone);
    return named ? t('time.zone_named', { time: text, zone: localZoneLabel(zone, lang, at) }) : text;
  };
  // links in the reader's own language: the page opens as they read the mail
  const link = (path: string) => `${env().PUBLIC_URL}${localizedPath(path, lang)}`;
  const params = {
    candidate: hiddenAs === undefined ? `${candidate.name} ${candidate.surname}` : hiddenName(hiddenAs, lang),
    vacancy: vacancy ? t('mail.interview_for', { vacancy: vacancy.positionName }) : '',
    link: link(`/candidates/${candidate.id}/${vacancy?.id ?? '-'}`),
    page: link(`/interviews/${interview.id}`),
    interviews: link('/interviews'),
    when: moment(interview.startsAt),
    was: change.kind === 'updated' && change.was ? `\n${t('mail.interview_was', { when: moment(change.was) })}` : '',
    minutes: interview.durationMinutes,
    kind: t(`interview.kind.${interview.kind}`),
    location: interview.location || '—',
  };
  const who = reader.kind === 'candidate' ? 'candidate_' : '';
  const what = change.kind === 'new' ? '' : `${change.kind}_`;
  const summary = t(`mail.interview_${who}${what}subject`, params);
  // without a vacancy the sentence ends where its name would be
  const text = t(`mail.interview_${who}${what}text`, params).replace(/ +([.,])/g, '$1');
  const attendees = [...people.map((p) => p.email), ...(interview.candidateInvited && candidate.email && hiddenAs === undefined ? [candidate.email] : [])];
  const method: IcsMethod = change.kind === 'cancelled' ? 'CANCEL' : 'REQUEST';
  // the candidate is asked to answer the mail if the time does not suit them: the answer goes to
  // whoever arranged the interview, not to the product's no-reply sender
  const organizer = reader.kind === 'candidate' ? people.find((p) => p.id === interview.createdBy) : undefined;
  return {
    to,
    ...(organizer ? { replyTo: { name: personName(organizer), address: organizer.email } } : {}),
    subject: summary,
    text: `${text}\n\n${t('mail.signature')}`,
    attachments: [
      {
        filename: 'interview.ics',
        contentType: `text/calendar; charset=utf-8; method=${method}`,
        content: interviewIcs({ uid: interview.id, start: interview.startsAt, minutes: interview.durationMinutes, zone, summary, description: text, location: interview.location, organizer: fromAddress(), attendees, sequence: interview.sequence, method }),
      },
    ],
  };
}

/**
 * The people who may take part in an interview (issue 11, item 5): with a vacancy, the people on
 * it: its recruiter, its registered customers and the space's company account, which owns every
 * vacancy of the space; without one, the space's company and recruiters. The organiser is
 * always among them.
 */
export async function eligibleParticipants(organizer: UserRow, spaceId: string, vacancyId: string | null | undefined): Promise<UserRow[]> {
  const db = await getDb();
  const u = schema.users;
  const live = and(eq(u.spaceId, spaceId), isNull(u.deletedAt));
  let rows: UserRow[];
  if (vacancyId) {
    rows = await db
      .select()
      .from(u)
      .where(
        and(
          live,
          or(
            eq(u.role, ROLE.COMPANY),
            sql`${u.id} = (select recruiter_id from ${schema.vacancies} where id = ${vacancyId})`,
            sql`exists (select 1 from ${schema.vacancyCustomers} c where c.vacancy_id = ${vacancyId} and c.user_id = ${u.id})`,
          ),
        ),
      )
      .orderBy(u.surname, u.name);
  } else {
    rows = await db.select().from(u).where(and(live, inArray(u.role, [ROLE.COMPANY, ROLE.RECRUITER]))).orderBy(u.surname, u.name);
  }
  return rows.some((r) => r.id === organizer.id) ? rows : [organizer, ...rows];
}

/** The chosen participants (and the organiser), each one of the people on the vacancy; else a 400. */
async function chooseParticipants(organizer: UserRow, spaceId: string, vacancyId: string | null | undefined, chosen: string[]): Promise<UserRow[]> {
  const eligible = await eligibleParticipants(organizer, spaceId, vacancyId);
  const ids = new Set([...chosen, organizer.id]);
  const people = eligible.filter((p) => ids.has(p.id));
  if (people.length !== ids.size) throw new AppError(400, 'error.common.invalid_body', { participants: 'interview.error.participants' });
  return people;
}

/** The candidate's address and language for an invitation, or a 400 when they have no address. */
function candidateReader(candidate: CandidateRef, organizer: UserRow): Reader {
  if (!candidate.email) throw new AppError(400, 'error.common.invalid_body', { inviteCandidate: 'interview.error.candidate_email' });
  // the language the candidate's consent mail uses too: the candidate's, else the organiser's
  const lang: Locale = isLocale(candidate.lang) ? candidate.lang : isLocale(organizer.lang) ? organizer.lang : 'en';
  return { kind: 'candidate', email: candidate.email, lang, zone: organizer.timeZone };
}

async function queueInterviewMails(tx: Executor, args: { readers: Reader[]; people: UserRow[]; interview: InterviewRow; change: Change; candidate: CandidateRef; vacancy: VacancyRef }) {
  // a customer reads the candidate's name and address only with their consent (docs/decisions/0022)
  const [identity] = await tx.select({ number: schema.candidates.number, pdStatus: schema.candidates.pdStatus }).from(schema.candidates).where(eq(schema.candidates.id, args.candidate.id));
  const shared = new Set(
    identity?.pdStatus === PD_STATUS.APPROVED
      ? (await tx.select({ recipient: schema.consentGrants.recipient }).from(schema.consentGrants).where(and(eq(schema.consentGrants.candidateId, args.candidate.id), eq(schema.consentGrants.granted, true)))).map((g) => g.recipient)
      : [],
  );
  // each mail is retried on its own: one address the mail server refuses holds back no other
  for (const reader of args.readers) {
    const hidden = reader.kind === 'participant' && reader.person.role === ROLE.CUSTOMER && !shared.has(reader.person.id);
    await queueMail(tx, interviewMail({ ...args, reader, hiddenAs: hidden ? (identity?.number ?? 0) : undefined }), { kind: 'interview', spaceId: args.interview.spaceId });
  }
}

/** An interview's notification: the invitation mail already tells each participant, so it is the bell's only. */
function interviewNotice(kind: NotifyInput['kind'], actor: UserRow, interview: InterviewRow, candidate: CandidateRef, recipients: string[]): NotifyInput {
  return {
    kind,
    spaceId: interview.spaceId,
    actorId: actor.id,
    recipients,
    candidateId: interview.candidateId,
    vacancyId: interview.vacancyId,
    interviewId: interview.id,
    params: { actor: personName(actor), candidate: `${candidate.name} ${candidate.surname}`.trim(), when: interview.startsAt.toISOString() },
    mailedElsewhere: true,
  };
}

const candidateColumns = { id: schema.candidates.id, name: schema.candidates.name, surname: schema.candidates.surname, email: schema.candidates.email, lang: schema.candidates.lang };

type InterviewFields = { startsAt: string; durationMinutes: number; kind: Kind; location: string; participants: string[]; inviteCandidate?: boolean };

/**
 * Schedules an interview with a candidate and mails every participant (and the candidate, when
 * invited) an invitation in their language and zone with an .ics file, in one transaction.
 */
export async function createInterview(user: UserRow, input: InterviewFields & { candidateId: string; vacancyId?: string | null }): Promise<InterviewDto> {
  if (!mayManageCandidates(user)) throw forbidden();
  const row = await findVisibleCandidate(user, input.candidateId);
  const candidate: CandidateRef = { id: row.id, name: row.name, surname: row.surname, email: row.email, lang: row.lang };
  const vacancy = input.vacancyId ? await findVisible(user, input.vacancyId) : undefined;
  const people = await chooseParticipants(user, row.spaceId, vacancy?.id, input.participants);
  const readers: Reader[] = people.map((person) => ({ kind: 'participant', person }));
  if (input.inviteCandidate) readers.push(candidateReader(candidate, user));
  const startsAt = new Date(input.startsAt);
  const db = await getDb();
  let told: string[] = [];
  const interview = await db.transaction(async (tx) => {
    // an interview about a vacancy is the vacancy's customers' business only while the candidate
    // is on it (an attack review scheduled one for a candidate on no vacancy, with the vacancy's
    // customer invited to a candidate page they could not open). The candidate's row, then the
    // link, are held against a merge or a removal until this commits: in a merge's order (its
    // candidates first), so the two never wait on each other; key share leaves stage moves free
    if (vacancy) {
      await tx.execute(sql`select 1 from ${schema.candidates} where id = ${row.id} for key share`);
      const linked = await tx.execute(sql`select 1 from ${schema.vacancyCandidates} where vacancy_id = ${vacancy.id} and candidate_id = ${row.id} for key share`);
      if (linked.rows.length === 0) throw new AppError(400, 'error.common.invalid_body', { vacancyId: 'interview.error.vacancy' });
    }
    const [created] = await tx
      .insert(schema.interviews)
      .values({ spaceId: row.spaceId, vacancyId: vacancy?.id, candidateId: row.id, createdBy: user.id, startsAt, durationMinutes: input.durationMinutes, kind: input.kind, location: input.location, candidateInvited: Boolean(input.inviteCandidate) })
      .returning();
    await tx.insert(schema.interviewParticipants).values(people.map((p) => ({ interviewId: created!.id, userId: p.id })));
    await tx.insert(schema.funnelEvents).values({ spaceId: row.spaceId, vacancyId: vacancy?.id, candidateId: row.id, userId: user.id, kind: 'interview', fromValue: input.kind, toValue: startsAt.toISOString() });
    await queueInterviewMails(tx, { readers, people, interview: created!, change: { kind: 'new' }, candidate, vacancy });
    await queueWebhookEvents(tx, row.spaceId, 'interview.scheduled', { interviewId: created!.id, candidateId: row.id, vacancyId: vacancy?.id ?? null, startsAt: startsAt.toISOString(), durationMinutes: input.durationMinutes });
    told = await notify(tx, interviewNotice('interview_scheduled', user, created!, candidate, people.map((p) => p.id)));
    return created!;
  });
  await announce(told);
  return (await listInterviews(user, { id: interview.id }))[0]!;
}

/** An interview the user manages (company or recruiter of its space, seeing its candidate); else 403/404. */
async function managedInterview(user: UserRow, id: string): Promise<InterviewRow> {
  if (!mayManageCandidates(user)) throw forbidden();
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db.select().from(schema.interviews).where(eq(schema.interviews.id, id));
  if (!row || row.spaceId !== user.spaceId) throw notFound();
  await findVisibleCandidate(user, row.candidateId);
  return row;
}

/**
 * Locks an interview for a change and checks it may change: not cancelled, and (when the form
 * says which) still at the SEQUENCE the form was loaded at, so that of two people editing at
 * once the later one learns of the first change instead of undoing it.
 */
async function lockForChange(tx: Executor, id: string, sequence: number | undefined): Promise<InterviewRow> {
  const result = await tx.execute(sql`select id from ${schema.interviews} where id = ${id} for update`);
  if (!result.rows.length) throw notFound();
  const [row] = await tx.select().from(schema.interviews).where(eq(schema.interviews.id, id));
  if (row!.status === 'cancelled') throw new AppError(409, 'interview.error.cancelled');
  if (sequence !== undefined && sequence !== row!.sequence) throw new AppError(409, 'interview.error.changed');
  return row!;
}

async function participantsOf(tx: Executor, interviewId: string): Promise<UserRow[]> {
  return (await tx
    .select({ user: schema.users })
    .from(schema.interviewParticipants)
    .innerJoin(schema.users, eq(schema.users.id, schema.interviewParticipants.userId))
    .where(eq(schema.interviewParticipants.interviewId, interviewId))).map((r) => r.user);
}

/**
 * Edits or reschedules an interview: the same UID with SEQUENCE + 1 goes to everyone who stays
 * or joins (METHOD:REQUEST), a cancellation to everyone who was dropped (the candidate too when
 * no longer invited). The history names the change.
 */
export async function updateInterview(user: UserRow, id: string, input: InterviewFields & { sequence?: number }): Promise<InterviewDto> {
  const current = await managedInterview(user, id);
  const db = await getDb();
  const [candidate] = await db.select(candidateColumns).from(schema.candidates).where(eq(schema.candidates.id, current.candidateId));
  const [vacancyRow] = current.vacancyId ? await db.select({ id: schema.vacancies.id, positionName: schema.vacancies.positionName }).from(schema.vacancies).where(eq(schema.vacancies.id, current.vacancyId)) : [];
  // the organiser stays in it whoever edits; an organiser gone from the space gives way to the editor
  const [creator] = current.createdBy ? await db.select().from(schema.users).where(and(eq(schema.users.id, current.createdBy), eq(schema.users.spaceId, current.spaceId), isNull(schema.users.deletedAt))) : [];
  const people = await chooseParticipants(creator ?? user, current.spaceId, current.vacancyId, input.participants);
  const inviteCandidate = input.inviteCandidate ?? current.candidateInvited;
  const candidateMail = inviteCandidate ? candidateReader(candidate!, user) : undefined;
  const startsAt = new Date(input.startsAt);
  const told = await db.transaction(async (tx) => {
    const before = await lockForChange(tx, id, input.sequence);
    const [after] = await tx
      .update(schema.interviews)
      .set({ startsAt, durationMinutes: input.durationMinutes, kind: input.kind, location: input.location, candidateInvited: inviteCandidate, sequence: before.sequence + 1, updatedAt: new Date() })
      .where(eq(schema.interviews.id, id))
      .returning();
    const previous = await participantsOf(tx, id);
    const dropped = previous.filter((p) => !people.some((q) => q.id === p.id));
    await tx.delete(schema.interviewParticipants).where(eq(schema.interviewParticipants.interviewId, id));
    await tx.insert(schema.interviewParticipants).values(people.map((p) => ({ interviewId: id, userId: p.id })));
    const moved = before.startsAt.getTime() !== startsAt.getTime();
    await tx.insert(schema.funnelEvents).values({
      spaceId: current.spaceId, vacancyId: current.vacancyId, candidateId: current.candidateId, userId: user.id,
      kind: moved ? 'interview_rescheduled' : 'interview_changed',
      fromValue: moved ? before.startsAt.toISOString() : input.kind,
      toValue: startsAt.toISOString(),
    });
    const change: Change = { kind: 'updated', ...(moved ? { was: before.startsAt } : {}) };
    const readers: Reader[] = [...people.map((person): Reader => ({ kind: 'participant', person })), ...(candidateMail ? [candidateMail] : [])];
    await queueInterviewMails(tx, { readers, people, interview: after!, change, candidate: candidate!, vacancy: vacancyRow });
    // whoever is no longer in it gets the cancellation, so that their calendar drops it
    const gone: Reader[] = [
      ...dropped.map((person): Reader => ({ kind: 'participant', person })),
      ...(before.candidateInvited && !inviteCandidate && candidate!.email ? [candidateReader(candidate!, user)] : []),
    ];
    await queueInterviewMails(tx, { readers: gone, people, interview: after!, change: { kind: 'cancelled' }, candidate: candidate!, vacancy: vacancyRow });
    const stayed = people.filter((p) => previous.some((q) => q.id === p.id)).map((p) => p.id);
    const joined = people.filter((p) => !previous.some((q) => q.id === p.id)).map((p) => p.id);
    return [
      ...(await notify(tx, interviewNotice('interview_changed', user, after!, candidate!, stayed))),
      ...(await notify(tx, interviewNotice('interview_scheduled', user, after!, candidate!, joined))),
      ...(await notify(tx, interviewNotice('interview_cancelled', user, after!, candidate!, dropped.map((p) => p.id)))),
    ];
  });
  await announce(told);
  return (await listInterviews(user, { id }))[0]!;
}

/** Cancels an interview: METHOD:CANCEL with SEQUENCE + 1 to every participant and the invited candidate. */
export async function cancelInterview(user: UserRow, id: string, sequence?: number): Promise<InterviewDto> {
  const current = await managedInterview(user, id);
  const db = await getDb();
  const [candidate] = await db.select(candidateColumns).from(schema.candidates).where(eq(schema.candidates.id, current.candidateId));
  const [vacancyRow] = current.vacancyId ? await db.select({ id: schema.vacancies.id, positionName: schema.vacancies.positionName }).from(schema.vacancies).where(eq(schema.vacancies.id, current.vacancyId)) : [];
  const told = await db.transaction(async (tx) => {
    const before = await lockForChange(tx, id, sequence);
    const [after] = await tx
      .update(schema.interviews)
      .set({ status: 'cancelled', sequence: before.sequence + 1, updatedAt: new Date() })
      .where(eq(schema.interviews.id, id))
      .returning();
    const people = await participantsOf(tx, id);
    await tx.insert(schema.funnelEvents).values({ spaceId: current.spaceId, vacancyId: current.vacancyId, candidateId: current.candidateId, userId: user.id, kind: 'interview_cancelled', fromValue: before.kind, toValue: before.startsAt.toISOString() });
    const readers: Reader[] = [
      ...people.map((person): Reader => ({ kind: 'participant', person })),
      ...(before.candidateInvited && candidate!.email ? [candidateReader(candidate!, user)] : []),
    ];
    await queueInterviewMails(tx, { readers, people, interview: after!, change: { kind: 'cancelled' }, candidate: candidate!, vacancy: vacancyRow });
    return notify(tx, interviewNotice('interview_cancelled', user, after!, candidate!, people.map((p) => p.id)));
  });
  await announce(told);
  return (await listInterviews(user, { id }))[0]!;
}

/**
 * Interviews the user takes part in (company: all of the space; staff: all). By default the
 * upcoming scheduled ones, soonest first; `id` one of them whatever its state; `candidateId`
 * all of a candidate's, cancelled and past too, newest first.
 */
export async function listInterviews(user: UserRow, { id, candidateId, limit = 20 }: { id?: string; candidateId?: string; limit?: number } = {}): Promise<InterviewDto[]> {
  const db = await getDb();
  const i = schema.interviews;
  if ((id && !isUuid(id)) || (candidateId && !isUuid(candidateId))) return [];
  const mine = sql`exists (select 1 from ${schema.interviewParticipants} p where p.interview_id = ${i.id} and p.user_id = ${user.id})`;
  // the company sees every interview of its space; a recruiter every one of a candidate or by
  // its id (they manage the space's candidates), and in the upcoming list their own
  const spaceWide = user.spaceId && (user.role === ROLE.COMPANY || (user.role === ROLE.RECRUITER && Boolean(id || candidateId)));
  const scope = isStaff(user.role) ? undefined : spaceWide ? or(eq(i.spaceId, user.spaceId!), mine) : mine;
  const which = id ? eq(i.id, id) : candidateId ? eq(i.candidateId, candidateId) : and(eq(i.status, 'scheduled'), gte(i.startsAt, new Date(Date.now() - 60 * 60_000)));
  const rows = await db
    .select({
      interview: i,
      candidate: { id: schema.candidates.id, name: schema.candidates.name, surname: schema.candidates.surname, email: schema.candidates.email, number: schema.candidates.number },
      shown: identityShown(user, i.candidateId),
      vacancy: { id: schema.vacancies.id, positionName: schema.vacancies.positionName },
    })
    .from(i)
    .innerJoin(schema.candidates, eq(schema.candidates.id, i.candidateId))
    .leftJoin(schema.vacancies, eq(schema.vacancies.id, i.vacancyId))
    .where(and(scope, which))
    .orderBy(candidateId ? desc(i.startsAt) : asc(i.startsAt))
    .limit(limit);
  if (!rows.length) return [];
  const participants = await db
    .select({ interviewId: schema.interviewParticipants.interviewId, id: schema.users.id, name: schema.users.name, surname: schema.users.surname, timeZone: schema.users.timeZone })
    .from(schema.interviewParticipants)
    .innerJoin(schema.users, eq(schema.users.id, schema.interviewParticipants.userId))
    .where(inArray(schema.interviewParticipants.interviewId, rows.map((r) => r.interview.id)));
  const locale: Locale = isLocale(user.lang) ? user.lang : 'en';
  return rows.map(({ interview, candidate, shown, vacancy }) => ({
    id: interview.id,
    startsAt: interview.startsAt.toISOString(),
    durationMinutes: interview.durationMinutes,
    kind: interview.kind as Kind,
    location: interview.location,
    status: interview.status,
    sequence: interview.sequence,
    createdBy: interview.createdBy,
    candidateInvited: interview.candidateInvited,
    // a customer without the candidate's consent reads "Candidate 4812" (docs/decisions/0022)
    candidate: shown
      ? { id: candidate.id, name: candidate.name, surname: candidate.surname, hasEmail: Boolean(candidate.email) }
      : { id: candidate.id, name: hiddenName(candidate.number, locale), surname: '', hasEmail: false },
    vacancy: vacancy?.id ? { id: vacancy.id, positionName: vacancy.positionName } : null,
    participants: participants.filter((p) => p.interviewId === interview.id).map(({ id: pid, name, surname, timeZone }) => ({ id: pid, name, surname, timeZone })),
  }));
}

/** The latest events of the space (DECISIONS.md): candidates added, stages, ratings, comments, consent answers. */
export async function listFeed(user: UserRow, limit = 30): Promise<FeedItem[]> {
  const db = await getDb();
  if (!user.spaceId && !isStaff(user.role)) return [];
  const e = schema.funnelEvents;
  // the newest events are picked first and only then joined to their names: joined in one go, the
  // planner sized its join caches for every event of the space (110,000 in the benchmark's),
  // which cost 6–16 ms of a 1 ms query on every dashboard
  const recent = alias(schema.funnelEvents, 'recent');
  const customerScope =
    user.role === ROLE.CUSTOMER ? sql`exists (select 1 from ${schema.vacancyCustomers} c where c.vacancy_id = ${recent.vacancyId} and c.user_id = ${user.id})` : undefined;
  const newest = db
    .select({ id: recent.id })
    .from(recent)
    .where(and(user.spaceId ? eq(recent.spaceId, user.spaceId) : undefined, customerScope))
    .orderBy(desc(recent.createdAt))
    .limit(limit);
  const events = await db
    .select({
      event: e,
      user: { name: schema.users.name, surname: schema.users.surname },
      candidate: { id: schema.candidates.id, name: schema.candidates.name, surname: schema.candidates.surname, number: schema.candidates.number },
      shown: identityShown(user, e.candidateId),
      vacancy: { id: schema.vacancies.id, positionName: schema.vacancies.positionName },
    })
    .from(e)
    .leftJoin(schema.users, eq(schema.users.id, e.userId))
    .leftJoin(schema.candidates, eq(schema.candidates.id, e.candidateId))
    .leftJoin(schema.vacancies, eq(schema.vacancies.id, e.vacancyId))
    .where(inArray(e.id, newest))
    .orderBy(desc(e.createdAt))
    .limit(limit);
  const c = schema.vacancyComments;
  const comments = await db
    .select({ comment: c, user: { name: schema.users.name, surname: schema.users.surname }, vacancy: { id: schema.vacancies.id, positionName: schema.vacancies.positionName } })
    .from(c)
    .innerJoin(schema.vacancies, eq(schema.vacancies.id, c.vacancyId))
    .leftJoin(schema.users, eq(schema.users.id, c.userId))
    .where(
      and(
        user.spaceId ? eq(schema.vacancies.spaceId, user.spaceId) : undefined,
        user.role === ROLE.CUSTOMER ? sql`exists (select 1 from ${schema.vacancyCustomers} vc where vc.vacancy_id = ${c.vacancyId} and vc.user_id = ${user.id})` : undefined,
      ),
    )
    .orderBy(desc(c.createdAt))
    .limit(limit);
  const items: FeedItem[] = [
    ...events.map(({ event, user: u, candidate, shown, vacancy }) => ({
      id: event.id,
      kind: event.kind as FeedItem['kind'],
      at: event.createdAt.toISOString(),
      user: u?.name !== undefined && u?.name !== null ? (u as { name: string; surname: string }) : null,
      candidate: candidate?.id
        ? { id: candidate.id, name: shown ? candidate.name! : hiddenName(candidate.number!, isLocale(user.lang) ? user.lang : 'en'), surname: shown ? candidate.surname! : '' }
        : null,
      vacancy: vacancy?.id ? (vacancy as FeedItem['vacancy']) : null,
      from: event.fromValue,
      to: event.toValue,
    })),
    ...comments.map(({ comment, user: u, vacancy }) => ({
      id: comment.id,
      kind: 'comment' as const,
      at: comment.createdAt.toISOString(),
      user: u?.name !== undefined && u?.name !== null ? (u as { name: string; surname: string }) : null,
      candidate: null,
      vacancy,
      from: null,
      to: comment.text.slice(0, 200),
    })),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : -1)).slice(0, limit);
}
