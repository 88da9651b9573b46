import { and, asc, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError, forbidden } from './http.ts';
import { queueMail, type Mail } from './mail.ts';
import { env } from './env.ts';
import { findVisibleCandidate, mayManageCandidates } from './candidates.ts';
import { findVisible } from './vacancies.ts';
import { isStaff } from './auth/service.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import type { FeedItem, InterviewDto } from '../schemas/interview.ts';
import type { UserRow } from './users.ts';
import { formatMeetingLong } from '../dates.ts';
import { offsetMinutes, wallTime, zoneLabel } from '../time-zone.ts';

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
  for (let day = from + DAY; day <= to; day += DAY) {
    const offset = offsetMinutes(zone, new Date(day));
    if (offset === previous) continue;
    // the minute of the change, by halving the day it fell in
    let low = day - DAY;
    let high = day;
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

/**
 * The invitation as an iCalendar file, so that mail clients offer to add it to the calendar.
 * Its times are in the reader's zone (TZID with its VTIMEZONE), as the mail's text is.
 */
export function interviewIcs(input: { uid: string; start: Date; minutes: number; zone: string; summary: string; description: string; location: string; organizer: string; attendees: string[] }): string {
  const end = new Date(input.start.getTime() + input.minutes * 60_000);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Recruit//Interviews//EN',
    'METHOD:REQUEST',
    ...vtimezone(input.zone, input.start),
    'BEGIN:VEVENT',
    `UID:${input.uid}@recruit`,
    `DTSTAMP:${icsDate(new Date())}`,
    `DTSTART;TZID=${input.zone}:${icsLocal(input.start, input.zone)}`,
    `DTEND;TZID=${input.zone}:${icsLocal(end, input.zone)}`,
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

/** One participant's invitation in their language, with the .ics file. */
function interviewMail({ person, people, interviewId, startsAt, input, candidate, vacancy, organizer }: {
  person: UserRow;
  people: UserRow[];
  interviewId: string;
  startsAt: Date;
  input: { durationMinutes: number; kind: Kind; location: string };
  candidate: { id: string; name: string; surname: string };
  vacancy: { id: string; positionName: string } | undefined;
  organizer: string;
}): Mail {
  const lang = isLocale(person.lang) ? person.lang : 'en';
  const t = translator(lang);
  // the reader's zone, named when another participant keeps another one (docs/decisions/0011)
  const zone = person.timeZone;
  const named = people.some((p) => p.id !== person.id && p.timeZone !== zone);
  const moment = formatMeetingLong(startsAt, lang, zone);
  const when = named ? t('time.zone_named', { time: moment, zone: zoneLabel(zone, startsAt) }) : moment;
  // links in the reader's own language: the page opens as they read the mail
  const link = (path: string) => `${env().PUBLIC_URL}${localizedPath(path, lang)}`;
  const params = {
    candidate: `${candidate.name} ${candidate.surname}`,
    vacancy: vacancy ? t('mail.interview_for', { vacancy: vacancy.positionName }) : '',
    link: link(`/candidates/${candidate.id}/${vacancy?.id ?? '-'}`),
    interviews: link('/interviews'),
    when,
    minutes: input.durationMinutes,
    kind: t(`interview.kind.${input.kind}`),
    location: input.location || '—',
  };
  const summary = t('mail.interview_subject', params);
  return {
    to: person.email,
    subject: summary,
    text: `${t('mail.interview_text', params)}\n\n${t('mail.signature')}`,
    attachments: [
      {
        filename: 'interview.ics',
        contentType: 'text/calendar; charset=utf-8; method=REQUEST',
        content: interviewIcs({ uid: interviewId, start: startsAt, minutes: input.durationMinutes, zone, summary, description: t('mail.interview_text', params), location: input.location, organizer, attendees: people.map((p) => p.email) }),
      },
    ],
  };
}

/**
 * Schedules an interview with a candidate and mails every participant an invitation in their
 * language with an .ics file. Participants are people of the space (or the vacancy's customers).
 */
export async function createInterview(
  user: UserRow,
  input: { candidateId: string; vacancyId?: string | null; startsAt: string; durationMinutes: number; kind: Kind; location: string; participants: string[] },
): Promise<InterviewDto> {
  if (!mayManageCandidates(user)) throw forbidden();
  const candidate = await findVisibleCandidate(user, input.candidateId);
  const vacancy = input.vacancyId ? await findVisible(user, input.vacancyId) : undefined;
  const db = await getDb();
  const ids = [...new Set([...input.participants, user.id])].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
  const people = await db
    .select()
    .from(schema.users)
    .where(and(inArray(schema.users.id, ids), eq(schema.users.spaceId, candidate.spaceId), isNull(schema.users.deletedAt)));
  if (people.length !== ids.length) throw new AppError(400, 'error.common.invalid_body', { participants: 'interview.error.participants' });
  const startsAt = new Date(input.startsAt);
  const fromAddress = /<([^>]+)>/.exec(env().MAIL_FROM)?.[1] ?? env().MAIL_FROM;
  // the interview and every participant's invitation commit together; each mail is retried on
  // its own, so one address the mail server refuses does not hold back the others
  const interview = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.interviews)
      .values({ spaceId: candidate.spaceId, vacancyId: vacancy?.id, candidateId: candidate.id, createdBy: user.id, startsAt, durationMinutes: input.durationMinutes, kind: input.kind, location: input.location })
      .returning();
    await tx.insert(schema.interviewParticipants).values(people.map((p) => ({ interviewId: row!.id, userId: p.id })));
    await tx.insert(schema.funnelEvents).values({ spaceId: candidate.spaceId, vacancyId: vacancy?.id, candidateId: candidate.id, userId: user.id, kind: 'interview', toValue: startsAt.toISOString() });
    for (const person of people) {
      const mail = interviewMail({ person, people, interviewId: row!.id, startsAt, input, candidate, vacancy, organizer: fromAddress });
      await queueMail(tx, mail, { kind: 'interview', spaceId: candidate.spaceId });
    }
    return row!;
  });
  return (await listInterviews(user, { id: interview.id }))[0]!;
}

/** Upcoming interviews the user takes part in (company: all of the space), soonest first. */
export async function listInterviews(user: UserRow, { id, limit = 20 }: { id?: string; limit?: number } = {}): Promise<InterviewDto[]> {
  const db = await getDb();
  const i = schema.interviews;
  const mine = sql`exists (select 1 from ${schema.interviewParticipants} p where p.interview_id = ${i.id} and p.user_id = ${user.id})`;
  const scope = isStaff(user.role) ? undefined : user.role === ROLE.COMPANY && user.spaceId ? or(eq(i.spaceId, user.spaceId), mine) : mine;
  const rows = await db
    .select({ interview: i, candidate: { id: schema.candidates.id, name: schema.candidates.name, surname: schema.candidates.surname }, vacancy: { id: schema.vacancies.id, positionName: schema.vacancies.positionName } })
    .from(i)
    .innerJoin(schema.candidates, eq(schema.candidates.id, i.candidateId))
    .leftJoin(schema.vacancies, eq(schema.vacancies.id, i.vacancyId))
    .where(and(scope, id ? eq(i.id, id) : gte(i.startsAt, new Date(Date.now() - 60 * 60_000))))
    .orderBy(asc(i.startsAt))
    .limit(limit);
  if (!rows.length) return [];
  const participants = await db
    .select({ interviewId: schema.interviewParticipants.interviewId, id: schema.users.id, name: schema.users.name, surname: schema.users.surname, timeZone: schema.users.timeZone })
    .from(schema.interviewParticipants)
    .innerJoin(schema.users, eq(schema.users.id, schema.interviewParticipants.userId))
    .where(inArray(schema.interviewParticipants.interviewId, rows.map((r) => r.interview.id)));
  return rows.map(({ interview, candidate, vacancy }) => ({
    id: interview.id,
    startsAt: interview.startsAt.toISOString(),
    durationMinutes: interview.durationMinutes,
    kind: interview.kind as Kind,
    location: interview.location,
    candidate,
    vacancy: vacancy?.id ? { id: vacancy.id, positionName: vacancy.positionName } : null,
    participants: participants.filter((p) => p.interviewId === interview.id).map(({ id: pid, name, surname, timeZone }) => ({ id: pid, name, surname, timeZone })),
  }));
}

/** The latest events of the space (DECISIONS.md): candidates added, stages, ratings, comments, consent answers. */
export async function listFeed(user: UserRow, limit = 30): Promise<FeedItem[]> {
  const db = await getDb();
  if (!user.spaceId && !isStaff(user.role)) return [];
  const e = schema.funnelEvents;
  const customerScope =
    user.role === ROLE.CUSTOMER ? sql`exists (select 1 from ${schema.vacancyCustomers} c where c.vacancy_id = ${e.vacancyId} and c.user_id = ${user.id})` : undefined;
  const events = await db
    .select({
      event: e,
      user: { name: schema.users.name, surname: schema.users.surname },
      candidate: { id: schema.candidates.id, name: schema.candidates.name, surname: schema.candidates.surname },
      vacancy: { id: schema.vacancies.id, positionName: schema.vacancies.positionName },
    })
    .from(e)
    .leftJoin(schema.users, eq(schema.users.id, e.userId))
    .leftJoin(schema.candidates, eq(schema.candidates.id, e.candidateId))
    .leftJoin(schema.vacancies, eq(schema.vacancies.id, e.vacancyId))
    .where(and(user.spaceId ? eq(e.spaceId, user.spaceId) : undefined, customerScope, sql`${e.kind} <> 'interview'`))
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
    ...events.map(({ event, user: u, candidate, vacancy }) => ({
      id: event.id,
      kind: event.kind as FeedItem['kind'],
      at: event.createdAt.toISOString(),
      user: u?.name !== undefined && u?.name !== null ? (u as { name: string; surname: string }) : null,
      candidate: candidate?.id ? (candidate as FeedItem['candidate']) : null,
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
