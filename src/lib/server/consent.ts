import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError, forbidden } from './http.ts';
import { env } from './env.ts';
import { queueMail, type Mail } from './mail.ts';
import { announce, notify } from './notifications.ts';
import { randomToken, sha256 } from './auth/tokens.ts';
import { findVisibleCandidate, mayManageCandidates } from './candidates.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { PD_STATUS } from '../schemas/candidate.ts';
import { spaceCompanyName, type UserRow } from './users.ts';

const LINK_DAYS = 30;

/**
 * Mails the candidate a link to the consent page (DECISIONS.md): single-purpose, unguessable,
 * 30 days; a new request replaces the previous link. Recorded with time and address.
 */
export async function requestConsent(user: UserRow, candidateId: string, ip: string | undefined): Promise<{ pdStatus: number }> {
  const candidate = await findVisibleCandidate(user, candidateId);
  if (!mayManageCandidates(user)) throw forbidden();
  if (!candidate.email) throw new AppError(422, 'error.pd.no_email');
  if (candidate.pdStatus === PD_STATUS.APPROVED) throw new AppError(409, 'error.pd.already_approved');
  const lang: Locale = isLocale(candidate.lang) ? candidate.lang : isLocale(user.lang) ? user.lang : 'en';
  const token = randomToken();
  const company = (await spaceCompanyName(user)) ?? '';
  const t = translator(lang);
  const link = `${env().PUBLIC_URL}${localizedPath(`/verify/pd?token=${token}`, lang)}`;
  const mail: Mail = {
    to: candidate.email,
    subject: t('mail.pd_subject'),
    text: `${t('mail.pd_text', { name: candidate.name, link, days: LINK_DAYS, company })}\n\n${t('mail.signature')}`,
  };
  const db = await getDb();
  // the new link, the status and the mail commit together: no status without its mail
  await db.transaction(async (tx) => {
    await tx
      .update(schema.pdRequests)
      .set({ supersededAt: new Date() })
      .where(and(eq(schema.pdRequests.candidateId, candidateId), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)));
    const [request] = await tx
      .insert(schema.pdRequests)
      .values({
        candidateId,
        requestedBy: user.id,
        tokenHash: sha256(token),
        email: candidate.email!,
        lang,
        requestIp: ip,
        expiresAt: new Date(Date.now() + LINK_DAYS * 86_400_000),
      })
      .returning({ id: schema.pdRequests.id });
    await tx.update(schema.candidates).set({ pdStatus: PD_STATUS.SENT }).where(eq(schema.candidates.id, candidateId));
    await tx.insert(schema.funnelEvents).values({ spaceId: candidate.spaceId, candidateId, userId: user.id, kind: 'pd_requested' });
    await queueMail(tx, mail, { kind: 'pd', spaceId: candidate.spaceId }, { track: { kind: 'pd', id: request!.id } });
  });
  return { pdStatus: PD_STATUS.SENT };
}

/**
 * Records how a consent mail went. When the queue gave up on the candidate's current request,
 * the status turns to 'Send error' (Huntflow's send_error) and the recruiter can send it again.
 */
export async function recordConsentMail(requestId: string, state: 'sent' | 'failed'): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [request] = await tx
      .update(schema.pdRequests)
      .set({ mailState: state, mailStateAt: new Date() })
      .where(eq(schema.pdRequests.id, requestId))
      .returning();
    if (state !== 'failed' || !request || request.answer || request.supersededAt) return;
    await tx
      .update(schema.candidates)
      .set({ pdStatus: PD_STATUS.SEND_ERROR })
      .where(and(eq(schema.candidates.id, request.candidateId), eq(schema.candidates.pdStatus, PD_STATUS.SENT)));
  });
}

/**
 * Turns 'Waiting PD' into 'Link expired' for candidates whose current link passed its 30 days
 * unanswered; the job queue runs it every few minutes.
 */
export async function expireConsentLinks(): Promise<number> {
  const db = await getDb();
  const result = await db.execute(sql`
    update ${schema.candidates} c set pd_status = ${PD_STATUS.EXPIRED}
    where c.pd_status = ${PD_STATUS.SENT}
      and exists (
        select 1 from ${schema.pdRequests} r
        where r.candidate_id = c.id and r.answer is null and r.superseded_at is null and r.expires_at < now()
      )`);
  return result.rowCount ?? 0;
}

export type ConsentState =
  | { kind: 'invalid' }
  | { kind: 'expired' }
  | { kind: 'replaced' }
  | { kind: 'answered'; answer: 'approved' | 'declined'; at: Date }
  | { kind: 'open'; candidateName: string; companyName: string | null; expiresAt: Date };

async function findRequest(token: string) {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ request: schema.pdRequests, candidate: schema.candidates, requester: schema.users })
    .from(schema.pdRequests)
    .innerJoin(schema.candidates, eq(schema.candidates.id, schema.pdRequests.candidateId))
    .leftJoin(schema.users, eq(schema.users.id, schema.pdRequests.requestedBy))
    .where(eq(schema.pdRequests.tokenHash, sha256(token)))
    .orderBy(desc(schema.pdRequests.createdAt))
    .limit(1);
  return row;
}

/** What the consent page shows for a link. */
export async function consentState(token: string): Promise<ConsentState> {
  const row = await findRequest(token);
  if (!row) return { kind: 'invalid' };
  const { request, candidate, requester } = row;
  if (request.answer) return { kind: 'answered', answer: request.answer as 'approved' | 'declined', at: request.answeredAt! };
  if (request.supersededAt) return { kind: 'replaced' };
  if (request.expiresAt < new Date()) return { kind: 'expired' };
  return { kind: 'open', candidateName: `${candidate.name} ${candidate.surname}`.trim(), companyName: requester ? await spaceCompanyName(requester) : null, expiresAt: request.expiresAt };
}

const STATE_ERRORS: Record<Exclude<ConsentState['kind'], 'open'>, [number, string]> = {
  invalid: [404, 'error.pd.invalid_token'],
  expired: [410, 'error.pd.expired'],
  replaced: [410, 'error.pd.replaced'],
  answered: [409, 'error.pd.used'],
};

/** The candidate's answer through the link: approved or declined, with time and address. */
export async function answerConsent(token: string, response: 'approved' | 'declined', ip: string | undefined, userAgent: string | undefined): Promise<ConsentState> {
  const state = await consentState(token);
  if (state.kind !== 'open') {
    const [status, key] = STATE_ERRORS[state.kind];
    throw new AppError(status, key);
  }
  const row = (await findRequest(token))!;
  const db = await getDb();
  const now = new Date();
  const answered = await db.transaction(async (tx): Promise<string[] | false> => {
    const [updated] = await tx
      .update(schema.pdRequests)
      .set({ answer: response, answeredAt: now, answerIp: ip, answerUserAgent: userAgent?.slice(0, 300) })
      .where(and(eq(schema.pdRequests.id, row.request.id), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)))
      .returning();
    if (!updated) return false;
    // the answer is the address's it was mailed to: a candidate whose address changed meanwhile
    // keeps their status (the change voided the link; this is the race it could lose)
    await tx
      .update(schema.candidates)
      .set({ pdStatus: response === 'approved' ? PD_STATUS.APPROVED : PD_STATUS.DECLINED })
      .where(and(eq(schema.candidates.id, row.candidate.id), eq(schema.candidates.email, row.request.email)));
    await tx.insert(schema.funnelEvents).values({ spaceId: row.candidate.spaceId, candidateId: row.candidate.id, kind: 'pd_answered', toValue: response });
    return notify(tx, {
      kind: 'consent',
      spaceId: row.candidate.spaceId,
      recipients: [row.request.requestedBy],
      candidateId: row.candidate.id,
      params: { candidate: `${row.candidate.name} ${row.candidate.surname}`.trim(), answer: response },
    });
  });
  if (!answered) throw new AppError(409, 'error.pd.used');
  await announce(answered);
  return { kind: 'answered', answer: response, at: now };
}
