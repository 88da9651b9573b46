import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { audit } from './audit.ts';
import { issueRightsLink, rightsUrl } from './rights.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { env } from './env.ts';
import { queueMail, type Mail } from './mail.ts';
import { announce, notify } from './notifications.ts';
import { randomToken, sha256 } from './auth/tokens.ts';
import { findVisibleCandidate, mayManageCandidates } from './candidates.ts';
import { translator } from '../i18n/messages.ts';
import { isLocale, localizedPath, type Locale } from '../i18n/index.ts';
import { PD_STATUS } from '../schemas/candidate.ts';
import { spaceCompanyName, type UserRow } from './users.ts';
import type { ConsentScope } from './db/schema.ts';
import { queueWebhookEvents } from './webhooks.ts';

type CandidateRow = typeof schema.candidates.$inferSelect;

const LINK_DAYS = 30;

/**
 * The version of the consent's wording (docs/decisions/0022). Raise it whenever the terms in
 * consent.json change: every answer is stored with the text shown and this version.
 */
export const TERMS_VERSION = '2025-09-v2';

/**
 * The purposes, vacancies and recipients a request would name now: all of them, or only the
 * customers not yet answered. Read in the request's transaction: a second connection per
 * request emptied the pool under a burst of requests, each holding one and waiting for another.
 */
async function scopeOf(db: Executor, companyName: Promise<string | null>, candidate: CandidateRow, renewal = false): Promise<ConsentScope> {
  // one after the other: `db` is the caller's transaction, one connection, which takes one query
  // at a time (pg warns of a query sent while another runs, and its next major refuses it)
  const company = await companyName;
  const rows = await db
    .select({ vacancyId: schema.vacancies.id, vacancy: schema.vacancies.positionName, customer: schema.users })
    .from(schema.vacancyCandidates)
    .innerJoin(schema.vacancies, eq(schema.vacancies.id, schema.vacancyCandidates.vacancyId))
    .leftJoin(schema.vacancyCustomers, eq(schema.vacancyCustomers.vacancyId, schema.vacancies.id))
    .leftJoin(schema.users, and(eq(schema.users.id, schema.vacancyCustomers.userId), isNull(schema.users.deletedAt)))
    .where(and(eq(schema.vacancyCandidates.candidateId, candidate.id), eq(schema.vacancies.spaceId, candidate.spaceId)))
    .orderBy(asc(schema.vacancyCandidates.createdAt), asc(schema.users.createdAt));
  const answered = await db.select({ recipient: schema.consentGrants.recipient }).from(schema.consentGrants).where(eq(schema.consentGrants.candidateId, candidate.id));
  // with processing approved only the customers never answered are asked: the rest stands
  const processing = renewal || candidate.pdStatus !== PD_STATUS.APPROVED;
  const known = new Set(processing ? [] : answered.map((a) => a.recipient));
  const customers = new Map<string, ConsentScope['customers'][number]>();
  const vacancies = new Map<string, string>();
  for (const row of rows) {
    const missing = row.customer && !known.has(row.customer.id) ? row.customer : undefined;
    if (missing && !customers.has(missing.id)) {
      customers.set(missing.id, { id: missing.id, name: `${missing.name} ${missing.surname}`.trim() || missing.email, company: missing.companyName || null });
    }
    if (processing || missing) vacancies.set(row.vacancyId, row.vacancy);
  }
  return { company, processing, vacancies: [...vacancies].map(([id, name]) => ({ id, name })), customers: [...customers.values()] };
}

/**
 * Mails the candidate a link to the consent page (DECISIONS.md): single-purpose, unguessable,
 * 30 days; a new request replaces the previous link. Recorded with time and address. It names
 * the purposes and every recipient (docs/decisions/0022); once processing is approved it asks
 * only about the customers the candidate has not answered for.
 */
export async function requestConsent(user: UserRow, candidateId: string, ip: string | undefined): Promise<{ pdStatus: number }> {
  const candidate = await findVisibleCandidate(user, candidateId);
  if (!mayManageCandidates(user)) throw forbidden();
  const db = await getDb();
  return db.transaction((tx) => consentRequest(tx, user, candidate, ip));
}

/**
 * A request by `user` for a candidate they may manage, in `tx`, with the single request's
 * rules (an erased candidate, no address, nothing left to ask); the bulk actions (bulk.ts)
 * send theirs through it too.
 */
export async function consentRequest(tx: Executor, user: UserRow, seen: CandidateRow, ip: string | undefined): Promise<{ pdStatus: number }> {
  // requests for one candidate take turns: each replaces the link before it, so one stays live
  const [candidate] = await tx.select().from(schema.candidates).where(eq(schema.candidates.id, seen.id)).for('update');
  if (!candidate) throw notFound();
  if (candidate.erasedAt) throw new AppError(409, 'error.rights.erased');
  if (!candidate.email) throw new AppError(422, 'error.pd.no_email');
  const scope = await scopeOf(tx, spaceCompanyName(user, tx), candidate);
  if (!scope.processing && !scope.customers.length) throw new AppError(409, 'error.pd.already_approved');
  return sendRequest(tx, candidate, scope, { requester: user, ip });
}

/**
 * An approval older than the space's months (docs/decisions/0025): the job queue asks again for
 * everything, as a first request does, and the candidate waits for their answer meanwhile.
 */
export async function renewConsent(tx: Executor, candidate: CandidateRow, company: string | null): Promise<void> {
  const scope = await scopeOf(tx, Promise.resolve(company), { ...candidate, pdStatus: PD_STATUS.SENT }, true);
  await sendRequest(tx, candidate, scope, { renewal: true });
}

/** The new link, the status and the mail, in the caller's transaction: no status without its mail. */
async function sendRequest(
  tx: Executor,
  candidate: CandidateRow,
  scope: ConsentScope,
  { requester, ip, renewal = false }: { requester?: UserRow; ip?: string; renewal?: boolean },
): Promise<{ pdStatus: number }> {
  const lang: Locale = isLocale(candidate.lang) ? candidate.lang : isLocale(requester?.lang) ? requester.lang : 'en';
  const token = randomToken();
  const company = scope.company ?? '';
  const t = translator(lang);
  const link = `${env().PUBLIC_URL}${localizedPath(`/verify/pd?token=${token}`, lang)}`;
  const recipients = scope.customers.map(recipientName).join(', ');
  const body = renewal
    ? t('rights.mail.renewal_text', { name: candidate.name, link, days: LINK_DAYS, company })
    : scope.processing
      ? t('mail.pd_text', { name: candidate.name, link, days: LINK_DAYS, company })
      : t('mail.pd_more_text', { name: candidate.name, link, days: LINK_DAYS, company, recipients });
  const rightsToken = await issueRightsLink(tx, candidate.id, candidate.email!);
  const mail: Mail = {
    to: candidate.email!,
    subject: t(renewal ? 'rights.mail.renewal_subject' : 'mail.pd_subject'),
    text: `${body}${scope.processing && recipients ? `\n\n${t('mail.pd_recipients', { recipients })}` : ''}\n\n${t('rights.mail.rights_link', { link: rightsUrl(rightsToken, lang) })}\n\n${t('mail.signature')}`,
  };
  const status = scope.processing ? PD_STATUS.SENT : PD_STATUS.APPROVED;
  const now = new Date();
  await tx
    .update(schema.pdRequests)
    .set({ supersededAt: now })
    .where(and(eq(schema.pdRequests.candidateId, candidate.id), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)));
  const [request] = await tx
    .insert(schema.pdRequests)
    .values({
      candidateId: candidate.id,
      requestedBy: requester?.id ?? null,
      tokenHash: sha256(token),
      email: candidate.email!,
      lang,
      requestIp: ip,
      scope,
      expiresAt: new Date(now.getTime() + LINK_DAYS * 86_400_000),
    })
    .returning({ id: schema.pdRequests.id });
  if (scope.processing) {
    // the retention clock starts at the first request without an approval (docs/decisions/0025)
    await tx
      .update(schema.candidates)
      .set({ pdStatus: PD_STATUS.SENT, unconsentedSince: sql`coalesce(${schema.candidates.unconsentedSince}, ${now})` })
      .where(eq(schema.candidates.id, candidate.id));
  }
  await tx.insert(schema.funnelEvents).values({ spaceId: candidate.spaceId, candidateId: candidate.id, userId: requester?.id ?? null, kind: 'pd_requested' });
  if (renewal) await audit(tx, { spaceId: candidate.spaceId, actor: { kind: 'system' }, action: 'consent_renewal', candidateId: candidate.id });
  await queueMail(tx, mail, { kind: 'pd', spaceId: candidate.spaceId }, { track: { kind: 'pd', id: request!.id } });
  return { pdStatus: status };
}

function recipientName(customer: ConsentScope['customers'][number]): string {
  return customer.company ? `${customer.name} (${customer.company})` : customer.name;
}

/** The terms of a request as the consent page shows them and as an answer stores them, in one place. */
export interface ConsentTerms {
  intro: string;
  sections: { label: string; items: string[] }[];
  record: string;
}

export function consentTerms(scope: ConsentScope, locale: Locale): ConsentTerms {
  const t = translator(locale);
  const company = scope.company || t('consent.terms.the_company');
  const purposes = [t('consent.terms.purpose_database', { company })];
  if (scope.vacancies.length) purposes.push(t('consent.terms.purpose_vacancies', { count: scope.vacancies.length, vacancies: scope.vacancies.map((v) => (locale === 'ru' ? `«${v.name}»` : `“${v.name}”`)).join(', ') }));
  else purposes.push(t('consent.open.purpose'));
  const recipients = [t('consent.terms.recipient_company', { company }), ...scope.customers.map((c) => t('consent.terms.recipient_customer', { customer: recipientName(c) }))];
  return {
    intro: scope.processing
      ? scope.company
        ? t('consent.open.request', { company: scope.company })
        : t('consent.open.request_unknown')
      : t('consent.terms.request_more', { company }),
    sections: [
      { label: t('consent.open.what_label'), items: [t('consent.open.what')] },
      ...(scope.processing ? [{ label: t('consent.open.purpose_label'), items: purposes }] : []),
      { label: t('consent.terms.recipients_label'), items: scope.processing ? recipients : recipients.slice(1) },
    ],
    record: t('consent.open.record'),
  };
}

/** The terms as one text, the way an answer stores them. */
export function termsText(terms: ConsentTerms): string {
  return [terms.intro, ...terms.sections.map((s) => `${s.label}:\n${s.items.map((i) => `- ${i}`).join('\n')}`), terms.record].join('\n\n');
}

/** A request from before consent per recipient: processing by the space's company, nothing else. */
function legacyScope(company: string | null): ConsentScope {
  return { company, processing: true, vacancies: [], customers: [] };
}

/**
 * Records how a consent mail went. When the queue gave up on the candidate's current request,
 * the status turns to 'Send error' (Huntflow's send_error) and the recruiter can send it again.
 */
export async function recordConsentMail(requestId: string, state: 'sent' | 'failed'): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // the candidate's row first, in the order a request being sent or answered takes them
    const [known] = await tx.select({ candidateId: schema.pdRequests.candidateId }).from(schema.pdRequests).where(eq(schema.pdRequests.id, requestId));
    if (!known) return;
    await tx.select({ id: schema.candidates.id }).from(schema.candidates).where(eq(schema.candidates.id, known.candidateId)).for('update');
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
  /** `zone`: the requester's, the only one the product knows the candidate to be near (none: UTC). */
  | { kind: 'answered'; answer: 'approved' | 'declined'; at: Date; zone: string; shared: string[]; refused: string[] }
  | { kind: 'open'; candidateName: string; companyName: string | null; expiresAt: Date; scope: ConsentScope };

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
  if (request.answer) return { kind: 'answered', answer: request.answer as 'approved' | 'declined', at: request.answeredAt!, zone: requester?.timeZone ?? 'UTC', ...(await sharing(request)) };
  if (request.supersededAt) return { kind: 'replaced' };
  if (request.expiresAt < new Date()) return { kind: 'expired' };
  const companyName = request.scope ? request.scope.company : requester ? await spaceCompanyName(requester) : null;
  return {
    kind: 'open',
    candidateName: `${candidate.name} ${candidate.surname}`.trim(),
    companyName,
    expiresAt: request.expiresAt,
    scope: request.scope ?? legacyScope(companyName),
  };
}

/** Which of the customers a request named the answer shared with, by name, as it stands now. */
async function sharing(request: typeof schema.pdRequests.$inferSelect): Promise<{ shared: string[]; refused: string[] }> {
  const customers = request.scope?.customers ?? [];
  if (!customers.length) return { shared: [], refused: [] };
  const db = await getDb();
  const grants = await db
    .select({ recipient: schema.consentGrants.recipient, granted: schema.consentGrants.granted })
    .from(schema.consentGrants)
    .where(and(eq(schema.consentGrants.candidateId, request.candidateId), eq(schema.consentGrants.requestId, request.id)));
  const granted = new Set(grants.filter((g) => g.granted).map((g) => g.recipient));
  return {
    shared: customers.filter((c) => granted.has(c.id)).map(recipientName),
    refused: customers.filter((c) => !granted.has(c.id)).map(recipientName),
  };
}

const STATE_ERRORS: Record<Exclude<ConsentState['kind'], 'open'>, [number, string]> = {
  invalid: [404, 'error.pd.invalid_token'],
  expired: [410, 'error.pd.expired'],
  replaced: [410, 'error.pd.replaced'],
  answered: [409, 'error.pd.used'],
};

/**
 * The candidate's answer through the link, with time and address, the terms as shown in
 * `locale` and their version. Approving covers processing (when the request asks for it) and
 * sharing with the customers in `share`; every other customer named is refused: silence is
 * not consent. Declining refuses everything the request named.
 */
export async function answerConsent(
  token: string,
  response: 'approved' | 'declined',
  ip: string | undefined,
  userAgent: string | undefined,
  options: { share?: string[]; locale?: Locale } = {},
): Promise<ConsentState> {
  const state = await consentState(token);
  if (state.kind !== 'open') {
    const [status, key] = STATE_ERRORS[state.kind];
    throw new AppError(status, key);
  }
  const { scope } = state;
  const share = new Set(options.share ?? []);
  if ([...share].some((id) => !scope.customers.some((c) => c.id === id))) throw new AppError(400, 'error.common.invalid_body', { share: 'validation.invalid' });
  const locale = options.locale ?? 'en';
  const row = (await findRequest(token))!;
  const db = await getDb();
  const now = new Date();
  const approved = response === 'approved';
  const answered = await db.transaction(async (tx): Promise<string[] | false> => {
    // the candidate's row first, as a request being sent takes it (consentRequest): the other
    // order let an answer and a resend each wait for the other until PostgreSQL killed one
    const [current] = await tx.select({ email: schema.candidates.email }).from(schema.candidates).where(eq(schema.candidates.id, row.candidate.id)).for('update');
    const [updated] = await tx
      .update(schema.pdRequests)
      .set({
        answer: response,
        answeredAt: now,
        answerIp: ip,
        answerUserAgent: userAgent?.slice(0, 300),
        termsText: termsText(consentTerms(scope, locale)),
        termsVersion: TERMS_VERSION,
        termsLang: locale,
      })
      .where(and(eq(schema.pdRequests.id, row.request.id), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)))
      .returning();
    if (!updated) return false;
    // the answer is the address's it was mailed to: a candidate whose address changed meanwhile
    // keeps their status and grants (the change voided the link; this is the race it could lose)
    if (current?.email === row.request.email) {
      if (scope.processing) {
        // an approval stops the retention clock; a refusal leaves it running (docs/decisions/0025)
        await tx
          .update(schema.candidates)
          .set(approved ? { pdStatus: PD_STATUS.APPROVED, unconsentedSince: null } : { pdStatus: PD_STATUS.DECLINED })
          .where(eq(schema.candidates.id, row.candidate.id));
      }
      const grants = [
        ...(scope.processing ? [{ recipient: 'company', customerId: null, granted: approved }] : []),
        ...scope.customers.map((c) => ({ recipient: c.id, customerId: c.id, granted: approved && share.has(c.id) })),
      ];
      if (grants.length) {
        await tx
          .insert(schema.consentGrants)
          .values(grants.map((g) => ({ ...g, candidateId: row.candidate.id, requestId: row.request.id, answeredAt: now })))
          .onConflictDoUpdate({
            target: [schema.consentGrants.candidateId, schema.consentGrants.recipient],
            set: { granted: sql`excluded.granted`, requestId: sql`excluded.request_id`, answeredAt: sql`excluded.answered_at` },
          });
      }
    }
    await tx.insert(schema.funnelEvents).values({ spaceId: row.candidate.spaceId, candidateId: row.candidate.id, kind: 'pd_answered', toValue: response });
    await queueWebhookEvents(tx, row.candidate.spaceId, 'consent.answered', { candidateId: row.candidate.id, requestId: row.request.id, answer: response, answeredAt: now.toISOString() });
    await audit(tx, {
      spaceId: row.candidate.spaceId,
      actor: { kind: 'candidate' },
      action: 'consent_answer',
      candidateId: row.candidate.id,
      details: { answer: response, processing: scope.processing, shared: approved ? share.size : 0, refused: scope.customers.length - (approved ? share.size : 0) },
    });
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
  const customers = scope.customers.filter((c) => approved && share.has(c.id));
  return { kind: 'answered', answer: response, at: now, zone: row.requester?.timeZone ?? 'UTC', shared: customers.map(recipientName), refused: scope.customers.filter((c) => !customers.includes(c)).map(recipientName) };
}
