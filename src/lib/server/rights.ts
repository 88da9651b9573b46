/**
 * The candidate's rights (issue 13 item 3, docs/decisions/0025): every consent mail carries a
 * link to the candidate's own page, where they withdraw consent (wholly or per customer), ask
 * for a copy of their data or for erasure. The recruiter sees the requests and acts: a copy is
 * a ZIP (JSON plus the résumé) behind a mailed link that expires; erasure anonymises the
 * candidate and keeps the funnel and the ratings for the statistics. All of it is in the log.
 */
import crypto from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { env } from './env.ts';
import { audit, type Actor } from './audit.ts';
import { addJob } from './jobs.ts';
import { queueMail } from './mail.ts';
import { announce, notify } from './notifications.ts';
import { ROLE } from '../schemas/auth.ts';
import { randomToken, sha256 } from './auth/tokens.ts';
import { findCandidateFor, mayManageCandidates } from './candidates.ts';
import { removeResume, removeUpload, RESUME_NAME } from './uploads.ts';
import { storage } from './storage.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { PD_STATUS } from '../schemas/funnel.ts';
import type { RightsRequestKind } from './db/schema.ts';
import type { UserRow } from './users.ts';
import { UUID } from '../uuid.ts';

type CandidateRow = typeof schema.candidates.$inferSelect;

/** How long the link to a copy works. */
export const EXPORT_DAYS = 7;

const EXPORT_NAME = /^[A-Za-z0-9_-]{16,}\.zip$/;

/** A new link to the candidate's rights page for `email`, in the caller's transaction. */
export async function issueRightsLink(tx: Executor, candidateId: string, email: string): Promise<string> {
  const token = randomToken();
  await tx.insert(schema.rightsLinks).values({ tokenHash: sha256(token), candidateId, email });
  return token;
}

export function rightsUrl(token: string, lang: Locale): string {
  return `${env().PUBLIC_URL}${localizedPath(`/privacy?token=${token}`, lang)}`;
}

/**
 * The candidate a rights token stands for: a rights link or a consent request's link (the
 * consent page leads here with its own token). Either works only while the candidate's address
 * is still the one it was mailed to, and never after erasure.
 */
async function candidateOfToken(executor: Executor, token: string): Promise<CandidateRow | undefined> {
  if (!token || token.length > 200 || !/^[\w-]+$/.test(token)) return undefined;
  const hash = sha256(token);
  const [row] = await executor
    .select({ candidate: schema.candidates })
    .from(schema.candidates)
    .where(
      and(
        isNull(schema.candidates.erasedAt),
        sql`${schema.candidates.email} is not null and (
          exists (select 1 from ${schema.rightsLinks} l where l.token_hash = ${hash} and l.candidate_id = ${schema.candidates.id} and lower(l.email) = lower(${schema.candidates.email}))
          or exists (select 1 from ${schema.pdRequests} r where r.token_hash = ${hash} and r.candidate_id = ${schema.candidates.id} and lower(r.email) = lower(${schema.candidates.email})))`,
      ),
    )
    .limit(1);
  return row?.candidate;
}

export interface RightsState {
  candidateName: string;
  company: string | null;
  processing: boolean;
  /** Customers the candidate shares with now. */
  shared: { id: string; name: string }[];
  open: { kind: RightsRequestKind; at: Date }[];
}

async function companyOf(spaceId: string): Promise<string | null> {
  const db = await getDb();
  const [company] = await db
    .select({ companyName: schema.users.companyName })
    .from(schema.users)
    .where(eq(schema.users.spaceId, spaceId))
    .orderBy(asc(schema.users.createdAt))
    .limit(1);
  return company?.companyName ?? null;
}

/** What the rights page shows for a token; undefined for a token that opens nothing. */
export async function rightsState(token: string): Promise<RightsState | undefined> {
  const db = await getDb();
  const candidate = await candidateOfToken(db, token);
  if (!candidate) return undefined;
  const [grants, open, company] = await Promise.all([
    db
      .select({ recipient: schema.consentGrants.recipient, name: schema.users.name, surname: schema.users.surname, companyName: schema.users.companyName })
      .from(schema.consentGrants)
      .leftJoin(schema.users, eq(schema.users.id, schema.consentGrants.customerId))
      .where(and(eq(schema.consentGrants.candidateId, candidate.id), eq(schema.consentGrants.granted, true)))
      .orderBy(asc(schema.consentGrants.answeredAt)),
    db
      .select({ kind: schema.rightsRequests.kind, at: schema.rightsRequests.createdAt })
      .from(schema.rightsRequests)
      .where(and(eq(schema.rightsRequests.candidateId, candidate.id), isNull(schema.rightsRequests.doneAt), isNull(schema.rightsRequests.requestedBy)))
      .orderBy(asc(schema.rightsRequests.createdAt)),
    companyOf(candidate.spaceId),
  ]);
  const processing = candidate.pdStatus === PD_STATUS.APPROVED;
  return {
    candidateName: `${candidate.name} ${candidate.surname}`.trim(),
    company,
    processing,
    shared: processing
      ? grants
          .filter((g) => g.recipient !== 'company')
          .map((g) => {
            const name = `${g.name ?? ''} ${g.surname ?? ''}`.trim();
            return { id: g.recipient, name: g.companyName ? `${name} (${g.companyName})` : name };
          })
      : [],
    open,
  };
}

/**
 * Withdraws consent through the rights page: `all` withdraws processing and every customer
 * (the candidate becomes 'Withdrawn', open consent links stop working and the retention clock
 * starts); a list of customers stops sharing with those only. Customers see the anonymous card
 * at once (identityShown reads the grants).
 */
export async function withdrawConsent(token: string, what: 'all' | string[]): Promise<void> {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const candidate = await candidateOfToken(tx, token);
    if (!candidate) throw new AppError(404, 'error.rights.invalid_token');
    await tx.select({ id: schema.candidates.id }).from(schema.candidates).where(eq(schema.candidates.id, candidate.id)).for('update');
    const now = new Date();
    if (what === 'all') {
      const withdrawn = await tx
        .update(schema.consentGrants)
        .set({ granted: false, answeredAt: now, requestId: null })
        .where(and(eq(schema.consentGrants.candidateId, candidate.id), eq(schema.consentGrants.granted, true)))
        .returning({ recipient: schema.consentGrants.recipient });
      if (candidate.pdStatus !== PD_STATUS.APPROVED && !withdrawn.length) return false;
      await tx
        .update(schema.candidates)
        .set({ pdStatus: PD_STATUS.WITHDRAWN, unconsentedSince: sql`coalesce(${schema.candidates.unconsentedSince}, ${now})` })
        .where(eq(schema.candidates.id, candidate.id));
      // an open request could turn the withdrawal back into an approval by a click on an old mail
      await tx
        .update(schema.pdRequests)
        .set({ supersededAt: now })
        .where(and(eq(schema.pdRequests.candidateId, candidate.id), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)));
      await audit(tx, { spaceId: candidate.spaceId, actor: { kind: 'candidate' }, action: 'consent_withdrawal', candidateId: candidate.id, details: { scope: 'all', recipients: withdrawn.length } });
      return true;
    }
    const ids = [...new Set(what)];
    // a customer is named by their id; anything else names nobody the candidate shares with
    if (!ids.length || ids.some((id) => !UUID.test(id))) throw new AppError(400, 'error.rights.bad_request');
    const withdrawn = await tx
      .update(schema.consentGrants)
      .set({ granted: false, answeredAt: now, requestId: null })
      .where(and(eq(schema.consentGrants.candidateId, candidate.id), eq(schema.consentGrants.granted, true), inArray(schema.consentGrants.recipient, ids)))
      .returning({ recipient: schema.consentGrants.recipient });
    if (withdrawn.length !== ids.length) throw new AppError(400, 'error.rights.bad_request');
    await audit(tx, { spaceId: candidate.spaceId, actor: { kind: 'candidate' }, action: 'consent_withdrawal', candidateId: candidate.id, details: { scope: 'customers', recipients: withdrawn.length } });
    return true;
  });
  if (!done) throw new AppError(409, 'error.rights.nothing_to_withdraw');
}

/** The candidate asks for a copy or for erasure; asking again while one is open is the same request. */
export async function askForRights(token: string, kind: RightsRequestKind): Promise<void> {
  const db = await getDb();
  const told = await db.transaction(async (tx) => {
    const candidate = await candidateOfToken(tx, token);
    if (!candidate) throw new AppError(404, 'error.rights.invalid_token');
    const [created] = await tx
      .insert(schema.rightsRequests)
      .values({ spaceId: candidate.spaceId, candidateId: candidate.id, kind })
      .onConflictDoNothing()
      .returning({ id: schema.rightsRequests.id });
    if (!created) return [];
    await audit(tx, { spaceId: candidate.spaceId, actor: { kind: 'candidate' }, action: 'rights_request', candidateId: candidate.id, details: { kind } });
    // the request waits for someone of the space (a copy is sent, an erasure confirmed): it was
    // shown only on the candidate database's page, and nobody knew to look (a newcomer's walk)
    return notify(tx, { kind: 'rights_request', spaceId: candidate.spaceId, recipients: await rightsHandlers(tx, candidate), candidateId: candidate.id, params: { candidate: `${candidate.name} ${candidate.surname}`.trim(), request: kind } });
  });
  await announce(told);
}

/** Who hears of a candidate's request: the space's company, whoever added them, the recruiters of their vacancies. */
async function rightsHandlers(tx: Executor, candidate: CandidateRow): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    select id from ${schema.users} where space_id = ${candidate.spaceId} and role = ${ROLE.COMPANY} and deleted_at is null
    union select ${candidate.createdBy}::uuid where ${candidate.createdBy}::uuid is not null
    union select v.recruiter_id from ${schema.vacancyCandidates} vc join ${schema.vacancies} v on v.id = vc.vacancy_id where vc.candidate_id = ${candidate.id}`);
  return rows.rows.map((row) => row.id).filter(Boolean);
}

export interface RightsRequestDto {
  id: string;
  kind: RightsRequestKind;
  /** Whether the candidate asked (or a recruiter exported on their own). */
  byCandidate: boolean;
  createdAt: string;
  doneAt: string | null;
  /** For a copy: until when the mailed link works. */
  expiresAt: string | null;
}

async function manageable(user: UserRow, candidateId: string): Promise<CandidateRow> {
  const { row } = await findCandidateFor(user, candidateId);
  if (!mayManageCandidates(user)) throw forbidden();
  return row;
}

/** The candidate's requests for their space's people, newest first. */
export async function listRightsRequests(user: UserRow, candidateId: string): Promise<RightsRequestDto[]> {
  return (await rightsOverview(user, candidateId)).requests;
}

/** What the profile's "Data requests" shows: the requests, and when the candidate was erased. */
export async function rightsOverview(user: UserRow, candidateId: string): Promise<{ requests: RightsRequestDto[]; erasedAt: Date | null; number: number }> {
  const candidate = await manageable(user, candidateId);
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.rightsRequests)
    .where(eq(schema.rightsRequests.candidateId, candidate.id))
    .orderBy(desc(schema.rightsRequests.createdAt))
    .limit(50);
  const requests = rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    byCandidate: r.requestedBy === null,
    createdAt: r.createdAt.toISOString(),
    doneAt: r.doneAt?.toISOString() ?? null,
    expiresAt: r.expiresAt?.toISOString() ?? null,
  }));
  return { requests, erasedAt: candidate.erasedAt, number: candidate.number };
}

/** The space's candidates with an open request, for the candidate list's notice. */
export async function openRightsRequests(user: UserRow): Promise<{ candidateId: string; number: number; name: string; kind: RightsRequestKind; at: Date }[]> {
  if (!mayManageCandidates(user) || !user.spaceId) return [];
  const db = await getDb();
  const rows = await db
    .select({
      candidateId: schema.rightsRequests.candidateId,
      number: schema.candidates.number,
      name: sql<string>`trim(${schema.candidates.name} || ' ' || ${schema.candidates.surname})`,
      kind: schema.rightsRequests.kind,
      at: schema.rightsRequests.createdAt,
    })
    .from(schema.rightsRequests)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.rightsRequests.candidateId))
    .where(and(eq(schema.rightsRequests.spaceId, user.spaceId), isNull(schema.rightsRequests.doneAt), isNull(schema.rightsRequests.requestedBy)))
    .orderBy(asc(schema.rightsRequests.createdAt))
    .limit(50);
  return rows;
}

/**
 * Sends the candidate a copy of their data: the job queue builds the ZIP and mails the link to
 * the candidate's address (never to the recruiter: the copy is the candidate's). Answers the
 * candidate's open request for a copy, if there is one.
 */
export async function exportCandidate(user: UserRow, candidateId: string): Promise<{ requestId: string }> {
  const candidate = await manageable(user, candidateId);
  if (candidate.erasedAt) throw new AppError(409, 'error.rights.erased');
  if (!candidate.email) throw new AppError(422, 'error.pd.no_email');
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [open] = await tx
      .update(schema.rightsRequests)
      .set({ doneAt: new Date(), doneBy: user.id })
      .where(and(eq(schema.rightsRequests.candidateId, candidate.id), eq(schema.rightsRequests.kind, 'copy'), isNull(schema.rightsRequests.doneAt)))
      .returning({ id: schema.rightsRequests.id });
    const id =
      open?.id ??
      (
        await tx
          .insert(schema.rightsRequests)
          .values({ spaceId: candidate.spaceId, candidateId: candidate.id, kind: 'copy', requestedBy: user.id, doneAt: new Date(), doneBy: user.id })
          .returning({ id: schema.rightsRequests.id })
      )[0]!.id;
    await audit(tx, { spaceId: candidate.spaceId, actor: { kind: 'user', user }, action: 'export', candidateId: candidate.id, details: { request: id } });
    await addJob(tx, 'export', { requestId: id });
    return { requestId: id };
  });
}

/** Everything the space keeps about the candidate, as the copy's JSON holds it. */
async function dataOf(candidate: CandidateRow): Promise<object> {
  const db = await getDb();
  const [city, vacancies, ratings, requests, grants, interviews, applications] = await Promise.all([
    candidate.cityId ? db.select({ name: schema.cities.nameEn, nameRu: schema.cities.nameRu }).from(schema.cities).where(eq(schema.cities.id, candidate.cityId)) : Promise.resolve([]),
    db
      .select({ vacancy: schema.vacancies.positionName, stage: schema.vacancyCandidates.stage, addedAt: schema.vacancyCandidates.createdAt, stageChangedAt: schema.vacancyCandidates.stageChangedAt })
      .from(schema.vacancyCandidates)
      .innerJoin(schema.vacancies, eq(schema.vacancies.id, schema.vacancyCandidates.vacancyId))
      .where(eq(schema.vacancyCandidates.candidateId, candidate.id)),
    db
      .select({ vacancy: schema.vacancies.positionName, score: schema.ratings.score, comment: schema.ratings.comment, at: schema.ratings.createdAt })
      .from(schema.ratings)
      .innerJoin(schema.vacancies, eq(schema.vacancies.id, schema.ratings.vacancyId))
      .where(eq(schema.ratings.candidateId, candidate.id)),
    db
      .select({ sentAt: schema.pdRequests.createdAt, email: schema.pdRequests.email, answer: schema.pdRequests.answer, answeredAt: schema.pdRequests.answeredAt, terms: schema.pdRequests.termsText })
      .from(schema.pdRequests)
      .where(eq(schema.pdRequests.candidateId, candidate.id))
      .orderBy(asc(schema.pdRequests.createdAt)),
    db
      .select({ recipient: schema.consentGrants.recipient, granted: schema.consentGrants.granted, at: schema.consentGrants.answeredAt, name: schema.users.name, surname: schema.users.surname })
      .from(schema.consentGrants)
      .leftJoin(schema.users, eq(schema.users.id, schema.consentGrants.customerId))
      .where(eq(schema.consentGrants.candidateId, candidate.id)),
    db
      .select({ startsAt: schema.interviews.startsAt, kind: schema.interviews.kind, status: schema.interviews.status })
      .from(schema.interviews)
      .where(eq(schema.interviews.candidateId, candidate.id)),
    // what the candidate wrote on a careers page's form (docs/decisions/0027)
    db
      .select({ vacancy: schema.vacancies.positionName, city: schema.applications.city, message: schema.applications.message, at: schema.applications.createdAt })
      .from(schema.applications)
      .innerJoin(schema.vacancies, eq(schema.vacancies.id, schema.applications.vacancyId))
      .where(eq(schema.applications.candidateId, candidate.id))
      .orderBy(asc(schema.applications.createdAt)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    company: await companyOf(candidate.spaceId),
    candidate: {
      name: candidate.name,
      surname: candidate.surname,
      dateOfBirth: candidate.dob,
      email: candidate.email,
      phone: candidate.phone,
      position: candidate.positionName,
      salary: candidate.salary,
      salaryTo: candidate.salaryTo,
      city: city[0] ? (candidate.lang === 'ru' ? city[0].nameRu : city[0].name) : null,
      schedule: candidate.schedule,
      skills: candidate.skills,
      jobExperience: candidate.jobExperience,
      education: candidate.education,
      languages: candidate.langs,
      resumeFile: candidate.resumeName,
      source: candidate.source,
      addedAt: candidate.createdAt.toISOString(),
    },
    vacancies,
    applications,
    ratings,
    interviews,
    consent: {
      requests: requests,
      recipients: grants.map((g) => ({ recipient: g.recipient === 'company' ? 'company' : `${g.name ?? ''} ${g.surname ?? ''}`.trim(), granted: g.granted, at: g.at })),
    },
  };
}

/**
 * The `export` task: the ZIP of the candidate's data and résumé under a random name, and a mail
 * to the candidate's address with a link that works for EXPORT_DAYS days.
 */
export async function runExport(requestId: string, now = new Date()): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .select({ request: schema.rightsRequests, candidate: schema.candidates })
    .from(schema.rightsRequests)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.rightsRequests.candidateId))
    .where(eq(schema.rightsRequests.id, requestId));
  // erased, or the address went meanwhile: nothing to send, nowhere to send it
  if (!row || row.request.file || row.candidate.erasedAt || !row.candidate.email) return;
  const { candidate } = row;
  const files = [{ name: 'data.json', data: Buffer.from(JSON.stringify(await dataOf(candidate), null, 2)) }];
  if (candidate.resume && RESUME_NAME.test(candidate.resume)) {
    const bytes = await (await storage()).read('resumes', candidate.resume);
    if (bytes) files.push({ name: `resume.${candidate.resume.split('.').pop()}`, data: bytes });
  }
  const { zip } = await import('./zip.ts');
  const file = `${crypto.randomBytes(18).toString('base64url')}.zip`;
  await (await storage()).put('exports', file, zip(files, now), 'application/zip');
  const token = randomToken();
  const lang: Locale = isLocale(candidate.lang) ? candidate.lang : 'en';
  const t = translator(lang);
  const link = `${env().PUBLIC_URL}${localizedPath(`/privacy/export?token=${token}`, lang)}`;
  try {
    await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(schema.rightsRequests)
        .set({ tokenHash: sha256(token), file, expiresAt: new Date(now.getTime() + EXPORT_DAYS * 86_400_000) })
        .where(and(eq(schema.rightsRequests.id, requestId), isNull(schema.rightsRequests.file)))
        .returning({ id: schema.rightsRequests.id });
      if (!updated) throw new Error('export already built');
      await queueMail(
        tx,
        { to: candidate.email!, subject: t('rights.mail.copy_subject'), text: `${t('rights.mail.copy_text', { name: candidate.name, link, days: EXPORT_DAYS })}\n\n${t('mail.signature')}` },
        { kind: 'rights', spaceId: candidate.spaceId },
      );
    });
  } catch (error) {
    await (await storage()).remove('exports', file);
    if (error instanceof Error && error.message === 'export already built') return;
    throw error;
  }
}

/** The copy behind a mailed link, while the link works; recorded as downloaded. */
export async function exportDownload(token: string, now = new Date()): Promise<Response> {
  if (!token || token.length > 200) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.rightsRequests)
    .where(eq(schema.rightsRequests.tokenHash, sha256(token)));
  if (!row?.file || !EXPORT_NAME.test(row.file)) throw notFound();
  if (!row.expiresAt || row.expiresAt <= now) throw new AppError(410, 'error.rights.export_expired');
  const bytes = await (await storage()).read('exports', row.file);
  if (!bytes) throw notFound();
  await audit(db, { spaceId: row.spaceId, actor: { kind: 'candidate' }, action: 'export_download', candidateId: row.candidateId, details: { request: row.id } });
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/zip',
      'content-disposition': 'attachment; filename="personal-data.zip"',
      'cache-control': 'no-store',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * Erases a candidate (docs/decisions/0025) in one transaction: names, contacts, photo, résumé,
 * the free texts (experience, education, languages, rating comments), the search vector, the
 * consent grants and the addresses of the consent records go; the candidate stays as
 * "Candidate 4812" with position, salary, city, skills, stages, ratings and dates for the
 * statistics. The files go once the transaction committed. Logged with its actor.
 */
export async function eraseCandidateRow(candidateId: string, actor: Actor, reason: 'request' | 'retention' | 'direct'): Promise<boolean> {
  const db = await getDb();
  const files = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(schema.candidates).where(eq(schema.candidates.id, candidateId)).for('update');
    if (!current || current.erasedAt) return undefined;
    const now = new Date();
    await tx
      .update(schema.candidates)
      .set({
        name: '',
        surname: '',
        image: null,
        dob: null,
        email: null,
        phone: null,
        resume: null,
        resumeName: null,
        jobExperience: [],
        education: [],
        langs: [],
        lang: null,
        search: null,
        unconsentedSince: null,
        erasedAt: now,
        updatedAt: now,
      })
      .where(eq(schema.candidates.id, candidateId));
    await tx.update(schema.ratings).set({ comment: '' }).where(eq(schema.ratings.candidateId, candidateId));
    // what a careers-page application said (docs/decisions/0027) goes with the rest; its date stays
    await tx.update(schema.applications).set({ city: '', message: '', ip: null }).where(eq(schema.applications.candidateId, candidateId));
    await tx.delete(schema.consentGrants).where(eq(schema.consentGrants.candidateId, candidateId));
    await tx.delete(schema.rightsLinks).where(eq(schema.rightsLinks.candidateId, candidateId));
    // notifications keep the name they were made with; the reader's text says "Candidate 4812" instead
    await tx
      .update(schema.notifications)
      .set({ params: sql`jsonb_set(${schema.notifications.params}, '{candidate}', '""')` })
      .where(and(eq(schema.notifications.candidateId, candidateId), sql`${schema.notifications.params} ? 'candidate'`));
    // the consent records keep their dates, answers and terms; the addresses they name go
    await tx
      .update(schema.pdRequests)
      .set({ email: '', requestIp: null, answerIp: null, answerUserAgent: null, supersededAt: sql`coalesce(${schema.pdRequests.supersededAt}, ${now})` })
      .where(eq(schema.pdRequests.candidateId, candidateId));
    const exports = await tx
      .select({ file: schema.rightsRequests.file })
      .from(schema.rightsRequests)
      .where(and(eq(schema.rightsRequests.candidateId, candidateId), sql`${schema.rightsRequests.file} is not null`));
    await tx.update(schema.rightsRequests).set({ file: null, tokenHash: null, expiresAt: null }).where(eq(schema.rightsRequests.candidateId, candidateId));
    await tx
      .update(schema.rightsRequests)
      .set({ doneAt: now, doneBy: actor.kind === 'user' ? actor.user.id : null })
      .where(and(eq(schema.rightsRequests.candidateId, candidateId), isNull(schema.rightsRequests.doneAt)));
    // an erased candidate's merges cannot be undone: their snapshots' personal data goes (docs/decisions/0029)
    await tx.update(schema.candidateMerges).set({ snapshot: sql`'{}'::jsonb` }).where(or(eq(schema.candidateMerges.survivorId, candidateId), eq(schema.candidateMerges.loserId, candidateId)));
    await audit(tx, { spaceId: current.spaceId, actor, action: 'erasure', candidateId, details: { reason } });
    return { image: current.image, resume: current.resume, exports: exports.map((e) => e.file) };
  });
  if (!files) return false;
  await removeUpload(files.image);
  await removeResume(files.resume);
  for (const file of files.exports) if (file && EXPORT_NAME.test(file)) await (await storage()).remove('exports', file);
  // a candidate merged into this one is the same person (docs/decisions/0029): its hidden row goes too
  const merged = await db.select({ id: schema.candidates.id }).from(schema.candidates).where(eq(schema.candidates.mergedInto, candidateId));
  for (const row of merged) await eraseCandidateRow(row.id, actor, reason);
  return true;
}

/** A recruiter or the company erases a candidate, on request or on their own. */
export async function eraseCandidate(user: UserRow, candidateId: string): Promise<{ number: number }> {
  const candidate = await manageable(user, candidateId);
  if (candidate.erasedAt) throw new AppError(409, 'error.rights.erased');
  const db = await getDb();
  const [asked] = await db
    .select({ id: schema.rightsRequests.id })
    .from(schema.rightsRequests)
    .where(and(eq(schema.rightsRequests.candidateId, candidate.id), eq(schema.rightsRequests.kind, 'erasure'), isNull(schema.rightsRequests.doneAt)));
  if (!(await eraseCandidateRow(candidate.id, { kind: 'user', user }, asked ? 'request' : 'direct'))) throw new AppError(409, 'error.rights.erased');
  return { number: candidate.number };
}

/** Export files whose link ran out are deleted by the hourly clean-up. */
export async function deleteExpiredExports(now = new Date()): Promise<number> {
  const db = await getDb();
  const where = and(sql`${schema.rightsRequests.file} is not null`, sql`${schema.rightsRequests.expiresAt} < ${now}`);
  const rows = await db.select({ id: schema.rightsRequests.id, file: schema.rightsRequests.file }).from(schema.rightsRequests).where(where);
  if (!rows.length) return 0;
  await db.update(schema.rightsRequests).set({ file: null }).where(inArray(schema.rightsRequests.id, rows.map((r) => r.id)));
  for (const row of rows) if (row.file && EXPORT_NAME.test(row.file)) await (await storage()).remove('exports', row.file);
  return rows.length;
}
