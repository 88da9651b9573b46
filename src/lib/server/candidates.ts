import { and, asc, desc, eq, inArray, isNull, lte, notExists, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import { getDb, schema, type Executor } from './db/index.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { isStaff } from './auth/service.ts';
import { announce, candidateName, isVacancyCustomer, notify, personName, stageOwners } from './notifications.ts';
import { findVisible, lockCustomersOf, mayWrite } from './vacancies.ts';
import { formsVector, GAP, searchCondition } from './search/boolean.ts';
import type { Locale } from '../i18n/index.ts';
import { ROLE } from '../schemas/auth.ts';
import {
  PD_STATUS,
  STAGE,
  type CandidateCard,
  type CandidateDto,
  type CandidateOutput,
  type CandidateQuery,
  cappedPagination,
  COUNT_LIMIT,
  TEXT_COUNT_LIMIT,
  TEXT_DEPTH,
  type Page,
  type PdEventDto,
  type PdGrantDto,
  type PdStatus,
  type Priority,
  type RatingDto,
  type Stage,
  type VacancyCandidateRow,
} from '../schemas/candidate.ts';
import type { UserRow } from './users.ts';
import { identityShown, withIdentity } from './privacy.ts';
import { queueWebhookEvents } from './webhooks.ts';
import { UUID } from '../uuid.ts';
import { VACANCY_STATUS } from '../vacancy-values.ts';

type CandidateRow = typeof schema.candidates.$inferSelect;
type VacancyRow = typeof schema.vacancies.$inferSelect;

/**
 * Which candidates a user sees: company and recruiters the space's database, a customer only
 * the candidates on vacancies they are attached to, staff all (support).
 */
function visibleTo(user: UserRow): SQL | undefined {
  // a merged candidate lives on in the one it was merged into (docs/decisions/0029)
  return and(isNull(schema.candidates.mergedInto), visibleWithMerged(user));
}

function visibleWithMerged(user: UserRow): SQL | undefined {
  if (isStaff(user.role)) return undefined;
  if (user.role === ROLE.CUSTOMER) {
    return sql`exists (select 1 from ${schema.vacancyCandidates} vc join ${schema.vacancyCustomers} cu on cu.vacancy_id = vc.vacancy_id
      where vc.candidate_id = ${schema.candidates.id} and cu.user_id = ${user.id})`;
  }
  return user.spaceId ? eq(schema.candidates.spaceId, user.spaceId) : sql`false`;
}

export async function findVisibleCandidate(user: UserRow, id: string): Promise<CandidateRow> {
  return (await findCandidateFor(user, id)).row;
}

/** The candidate as `user` may see it, with whether their identity may be shown (docs/decisions/0022). */
export async function findCandidateFor(user: UserRow, id: string): Promise<{ row: CandidateRow; shown: boolean }> {
  if (!UUID.test(id)) throw notFound();
  const db = await getDb();
  const [found] = await db
    .select({ row: schema.candidates, shown: identityShown(user, schema.candidates.id) })
    .from(schema.candidates)
    .where(and(eq(schema.candidates.id, id), visibleTo(user)));
  if (!found) throw notFound();
  return found;
}

/**
 * The résumé's file for a reader who may download it: the space's people, and a customer only
 * with the candidate's consent to share with them; anyone else gets the 404 of a missing file.
 */
export async function resumeFor(user: UserRow, id: string): Promise<CandidateRow> {
  const { row, shown } = await findCandidateFor(user, id);
  if (!shown) throw notFound();
  return row;
}

function age(dob: string | null): number | null {
  if (!dob) return null;
  const born = new Date(`${dob}T00:00:00Z`);
  const now = new Date();
  let years = now.getUTCFullYear() - born.getUTCFullYear();
  const before = now.getUTCMonth() < born.getUTCMonth() || (now.getUTCMonth() === born.getUTCMonth() && now.getUTCDate() < born.getUTCDate());
  if (before) years--;
  return years;
}

/** What a list card shows: the search vector and the long texts stay in the database. */
const cardColumns = {
  id: schema.candidates.id,
  name: schema.candidates.name,
  surname: schema.candidates.surname,
  image: schema.candidates.image,
  dob: schema.candidates.dob,
  positionName: schema.candidates.positionName,
  salary: schema.candidates.salary,
  salaryTo: schema.candidates.salaryTo,
  cityId: schema.candidates.cityId,
  schedule: schema.candidates.schedule,
  number: schema.candidates.number,
  createdAt: schema.candidates.createdAt,
};
type CardRow = Pick<CandidateRow, keyof typeof cardColumns>;

function card(row: CardRow, city: string | null): CandidateCard {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    image: row.image,
    dob: row.dob,
    age: age(row.dob),
    positionName: row.positionName,
    salary: row.salary,
    salaryTo: row.salaryTo,
    city: row.cityId && city ? { id: row.cityId, name: city } : null,
    schedule: row.schedule,
    createdAt: row.createdAt.toISOString(),
  };
}

const cityName = (locale: Locale) => (locale === 'ru' ? schema.cities.nameRu : schema.cities.nameEn);

/** The text the search looks through, beside the names: position, skills and experience. */
function searchTexts(input: CandidateOutput): { names: string; position: string; rest: string } {
  // the query folds ё into е, so the stored words must be folded the same way
  const fold = (text: string) => text.replace(/ё/g, 'е').replace(/Ё/g, 'Е');
  const jobs = input.jobExperience.flatMap((j) => [j.positionName, j.companyName, j.positionDescription, j.companyInfo]);
  return {
    names: fold(`${input.name} ${input.surname}`),
    position: fold(input.positionName),
    rest: fold([...input.skills, ...jobs, ...input.education.map((e) => e.name)].join(' ').slice(0, 20_000)),
  };
}

function searchVector({ names, position, rest }: ReturnType<typeof searchTexts>): SQL {
  return sql`setweight(to_tsvector('simple', ${names}), 'A') || ${GAP} || setweight(${formsVector(position)}, 'B') || ${GAP} || ${formsVector(rest)}`;
}

/** The search vector of a candidate's stored fields (a merge sets them without the form). */
export function storedSearchVector(row: Pick<CandidateRow, 'name' | 'surname' | 'positionName' | 'skills' | 'jobExperience' | 'education'>): SQL {
  return searchVector(searchTexts(row as unknown as CandidateOutput));
}

/** The search words of a candidate known by name only (an application from the careers page). */
export function nameSearchVector(name: string, surname: string): SQL {
  return searchVector(searchTexts({ name, surname, positionName: '', skills: [], jobExperience: [], education: [] } as unknown as CandidateOutput));
}

async function checkCity(cityId: number | null | undefined): Promise<void> {
  if (cityId == null) return;
  const db = await getDb();
  const [city] = await db.select({ id: schema.cities.id }).from(schema.cities).where(eq(schema.cities.id, cityId));
  if (!city) throw new AppError(400, 'error.common.invalid_body', { cityId: 'form.vacancy.city.invalid' });
}

function columns(input: CandidateOutput) {
  return {
    name: input.name,
    surname: input.surname,
    dob: input.dob ?? null,
    positionName: input.positionName,
    salary: input.salary ?? null,
    salaryTo: input.salaryTo ?? null,
    cityId: input.cityId ?? null,
    email: input.email || null,
    phone: input.phone || null,
    schedule: input.schedule,
    skills: input.skills,
    jobExperience: input.jobExperience.map((j) => ({ ...j, to: j.to ?? null })),
    education: input.education,
    langs: input.langs,
  };
}

export function mayManageCandidates(user: UserRow): boolean {
  return user.role === ROLE.COMPANY || user.role === ROLE.RECRUITER;
}

/** Adds a candidate to the space's database; with `vacancyId` also onto that vacancy. */
export async function createCandidate(user: UserRow, input: CandidateOutput, locale: Locale): Promise<CandidateDto> {
  if (!mayManageCandidates(user) || !user.spaceId) throw forbidden();
  const vacancy = input.vacancyId ? await findVisible(user, input.vacancyId) : undefined;
  await checkCity(input.cityId);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(schema.candidates)
      .values({ ...columns(input), spaceId: user.spaceId!, createdBy: user.id, lang: locale, search: searchVector(searchTexts(input)) })
      .returning();
    await tx.insert(schema.funnelEvents).values({ spaceId: user.spaceId!, candidateId: row!.id, userId: user.id, kind: 'candidate_added', vacancyId: vacancy?.id });
    if (vacancy) await tx.insert(schema.vacancyCandidates).values({ vacancyId: vacancy.id, candidateId: row!.id, addedBy: user.id });
    await queueWebhookEvents(tx, user.spaceId!, 'candidate.created', { candidateId: row!.id, vacancyId: vacancy?.id ?? null });
    return row!;
  });
  return getCandidate(user, created.id, locale, vacancy?.id);
}

export async function updateCandidate(user: UserRow, id: string, input: CandidateOutput, locale: Locale): Promise<CandidateDto> {
  const current = await findVisibleCandidate(user, id);
  if (!mayManageCandidates(user)) throw forbidden();
  // an erased candidate stays anonymous: editing would bring personal data back (docs/decisions/0025)
  if (current.erasedAt) throw new AppError(409, 'error.rights.erased');
  await checkCity(input.cityId);
  const db = await getDb();
  const email = columns(input).email;
  await db.transaction(async (tx) => {
    // a consent belongs to the address it was sent to: a new address voids the open links and
    // takes no approval or refusal given by the old one (issue 9: consent cannot be forged)
    const [row] = await tx.select({ email: schema.candidates.email }).from(schema.candidates).where(eq(schema.candidates.id, current.id)).for('update');
    const addressChanged = (row?.email ?? null) !== email;
    await tx
      .update(schema.candidates)
      .set({ ...columns(input), ...(addressChanged ? { pdStatus: PD_STATUS.NOT_SENT } : {}), search: searchVector(searchTexts(input)), updatedAt: new Date() })
      .where(eq(schema.candidates.id, current.id));
    if (addressChanged) {
      await tx
        .update(schema.pdRequests)
        .set({ supersededAt: new Date() })
        .where(and(eq(schema.pdRequests.candidateId, current.id), isNull(schema.pdRequests.answer), isNull(schema.pdRequests.supersededAt)));
      // what the old address agreed to, per recipient, goes with it
      await tx.delete(schema.consentGrants).where(eq(schema.consentGrants.candidateId, current.id));
    }
  });
  return getCandidate(user, id, locale, input.vacancyId);
}

export async function getCandidate(user: UserRow, id: string, locale: Locale, vacancyId?: string): Promise<CandidateDto> {
  const { row, shown } = await findCandidateFor(user, id);
  const db = await getDb();
  const [[city], pd] = await Promise.all([
    row.cityId ? db.select({ name: cityName(locale) }).from(schema.cities).where(eq(schema.cities.id, row.cityId)) : Promise.resolve([]),
    db
      .select({ request: schema.pdRequests, by: { name: schema.users.name, surname: schema.users.surname } })
      .from(schema.pdRequests)
      .leftJoin(schema.users, eq(schema.users.id, schema.pdRequests.requestedBy))
      .where(eq(schema.pdRequests.candidateId, id))
      .orderBy(desc(schema.pdRequests.createdAt))
      .limit(20),
  ]);
  const now = new Date();
  // the addresses the requests went to are the space's; the client addresses only its recruiters' and staff's
  const seesAddresses = mayManageCandidates(user) || isStaff(user.role);
  // newest first: what became of a request (answer, expiry, undelivered mail), then the request
  const pdHistory: PdEventDto[] = pd.flatMap(({ request, by }): PdEventDto[] => [
    ...(request.answer && request.answeredAt
      ? [{ kind: request.answer as 'approved' | 'declined', at: request.answeredAt.toISOString(), email: request.email, ip: seesAddresses ? request.answerIp : null }]
      : []),
    ...(!request.answer && !request.supersededAt && request.expiresAt < now ? [{ kind: 'expired' as const, at: request.expiresAt.toISOString(), email: request.email, ip: null }] : []),
    ...(request.mailState === 'failed' && request.mailStateAt ? [{ kind: 'send_failed' as const, at: request.mailStateAt.toISOString(), email: request.email, ip: null }] : []),
    { kind: 'requested' as const, at: request.createdAt.toISOString(), email: request.email, ip: seesAddresses ? request.requestIp : null, by },
  ]);
  const funnel = vacancyId && UUID.test(vacancyId) ? await funnelOf(user, vacancyId, id) : null;
  const consent = seesAddresses ? await consentOverview(row) : { grants: [], missing: [] };
  return withIdentity({
    ...card(row, city?.name ?? null),
    email: row.email,
    phone: row.phone,
    resume: row.resume,
    resumeName: row.resumeName,
    skills: row.skills,
    jobExperience: row.jobExperience,
    education: [...row.education].sort((a, b) => b.year - a.year),
    langs: row.langs,
    pdStatus: row.pdStatus as PdStatus,
    // a customer without consent does not learn even the address a request went to
    pdHistory: shown ? pdHistory : pdHistory.map((event) => ({ ...event, email: '' })),
    pdMail: pd[0]?.request.mailState ?? null,
    pdGrants: consent.grants,
    pdMissing: consent.missing,
    funnel,
  }, shown, row.number, locale);
}

/**
 * The candidate's answer per recipient and the customers of their vacancies not yet asked, for
 * the space's people (docs/decisions/0022).
 */
async function consentOverview(row: CandidateRow): Promise<{ grants: PdGrantDto[]; missing: { id: string; name: string }[] }> {
  const db = await getDb();
  const [grants, customers] = await Promise.all([
    db
      .select({ grant: schema.consentGrants, customer: { name: schema.users.name, surname: schema.users.surname, email: schema.users.email } })
      .from(schema.consentGrants)
      .leftJoin(schema.users, eq(schema.users.id, schema.consentGrants.customerId))
      .where(eq(schema.consentGrants.candidateId, row.id))
      .orderBy(asc(schema.consentGrants.answeredAt)),
    db
      .selectDistinct({ id: schema.users.id, name: schema.users.name, surname: schema.users.surname, email: schema.users.email })
      .from(schema.vacancyCandidates)
      .innerJoin(schema.vacancyCustomers, eq(schema.vacancyCustomers.vacancyId, schema.vacancyCandidates.vacancyId))
      .innerJoin(schema.users, and(eq(schema.users.id, schema.vacancyCustomers.userId), isNull(schema.users.deletedAt)))
      .where(eq(schema.vacancyCandidates.candidateId, row.id)),
  ]);
  const nameOf = (u: { name: string; surname: string; email: string }) => `${u.name} ${u.surname}`.trim() || u.email;
  const answered = new Set(grants.map((g) => g.grant.recipient));
  return {
    grants: grants.map(({ grant, customer }) => ({
      recipient: grant.recipient === 'company' ? 'company' : 'customer',
      customerId: grant.customerId,
      name: customer ? nameOf(customer) : null,
      granted: grant.granted,
      at: grant.answeredAt.toISOString(),
    })),
    // before processing is approved every customer is asked anyway
    missing: row.pdStatus === PD_STATUS.APPROVED ? customers.filter((c) => !answered.has(c.id)).map((c) => ({ id: c.id, name: nameOf(c) })) : [],
  };
}

async function funnelOf(user: UserRow, vacancyId: string, candidateId: string): Promise<CandidateDto['funnel']> {
  const db = await getDb();
  const [link] = await db
    .select()
    .from(schema.vacancyCandidates)
    .where(and(eq(schema.vacancyCandidates.vacancyId, vacancyId), eq(schema.vacancyCandidates.candidateId, candidateId)));
  if (!link) return null;
  const vacancy = await findVisible(user, vacancyId).catch(() => undefined);
  if (!vacancy) return null;
  const [ratings, history, customers] = await Promise.all([
    ratingsOf(vacancyId, candidateId),
    db
      .select({ event: schema.funnelEvents, user: { name: schema.users.name, surname: schema.users.surname } })
      .from(schema.funnelEvents)
      .leftJoin(schema.users, eq(schema.users.id, schema.funnelEvents.userId))
      .where(and(eq(schema.funnelEvents.vacancyId, vacancyId), eq(schema.funnelEvents.candidateId, candidateId)))
      .orderBy(desc(schema.funnelEvents.createdAt))
      .limit(50),
    customerIds(vacancyId),
  ]);
  const average = ratings.length ? Math.round((ratings.reduce((sum, r) => sum + r.score, 0) / ratings.length) * 10) / 10 : null;
  return {
    vacancyId,
    stage: link.stage as Stage,
    priority: link.priority as Priority,
    stageChangedAt: link.stageChangedAt.toISOString(),
    ratings,
    average,
    allowedStages: allowedStages(user, vacancy, customers, link.stage as Stage, link.stage === STAGE.ARCHIVE ? await archivedFromStage(db, vacancyId, candidateId) : null),
    history: history.map(({ event, user: u }) => ({ kind: event.kind, from: event.fromValue, to: event.toValue, at: event.createdAt.toISOString(), user: u?.name !== undefined ? u : null })),
  };
}

async function ratingsOf(vacancyId: string, candidateId: string): Promise<RatingDto[]> {
  const db = await getDb();
  const rows = await db
    .select({ rating: schema.ratings, user: schema.users })
    .from(schema.ratings)
    .innerJoin(schema.users, eq(schema.users.id, schema.ratings.userId))
    .where(and(eq(schema.ratings.vacancyId, vacancyId), eq(schema.ratings.candidateId, candidateId)))
    .orderBy(desc(schema.ratings.createdAt));
  return rows.map(({ rating, user }) => ({
    score: rating.score,
    comment: rating.comment,
    createdAt: rating.createdAt.toISOString(),
    user: { id: user.id, name: user.name, surname: user.surname, role: user.role },
  }));
}

export async function customerIds(vacancyId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ id: schema.vacancyCustomers.userId }).from(schema.vacancyCustomers).where(eq(schema.vacancyCustomers.vacancyId, vacancyId));
  return rows.map((r) => r.id);
}

const CUSTOMER_TARGETS: readonly Stage[] = [STAGE.FINALIST, STAGE.HIRED, STAGE.ARCHIVE];

/**
 * DECISIONS.md: the space's company and recruiters move any stage; a customer of the vacancy
 * moves candidates from customer interview onwards (to finalist, hired or archive), and with two
 * or more customers only the main customer can. An archived candidate is where they were archived
 * from (`archivedFrom`, see archivedFromStage): a customer may take back a rejection made at their
 * stages, but not bring a candidate the recruiter archived at an earlier stage to finalist.
 */
export function allowedStages(user: UserRow, vacancy: VacancyRow, customers: string[], current: Stage, archivedFrom: Stage | null = null): Stage[] {
  const all: Stage[] = [1, 2, 3, 4, 5, 6, 7];
  if (vacancy.status === 3) return [];
  if (mayWrite(user) && user.spaceId === vacancy.spaceId) return all.filter((s) => s !== current);
  if (user.role !== ROLE.CUSTOMER || !customers.includes(user.id)) return [];
  if (customers.length >= 2 && vacancy.mainCustomerId !== user.id) return [];
  const reached = current === STAGE.ARCHIVE ? archivedFrom : current;
  if (reached === null || reached < STAGE.CUSTOMER_INTERVIEW) return [];
  return CUSTOMER_TARGETS.filter((s) => s !== current);
}

/**
 * The stage an archived candidate was archived from: the last move into the archive on the
 * vacancy (null when the history has none, e.g. demo data written straight into the archive).
 */
export async function archivedFromStage(executor: Executor, vacancyId: string, candidateId: string): Promise<Stage | null> {
  const e = schema.funnelEvents;
  const [last] = await executor
    .select({ from: e.fromValue })
    .from(e)
    .where(and(eq(e.vacancyId, vacancyId), eq(e.candidateId, candidateId), eq(e.kind, 'stage'), eq(e.toValue, String(STAGE.ARCHIVE))))
    .orderBy(desc(e.createdAt), desc(e.id))
    .limit(1);
  const from = Number(last?.from);
  return Number.isInteger(from) && from >= STAGE.NEW && from < STAGE.ARCHIVE ? (from as Stage) : null;
}

async function onVacancy(user: UserRow, vacancyId: string, candidateId: string) {
  const vacancy = await findVisible(user, vacancyId);
  if (!UUID.test(candidateId)) throw notFound();
  const db = await getDb();
  const [link] = await db
    .select()
    .from(schema.vacancyCandidates)
    .where(and(eq(schema.vacancyCandidates.vacancyId, vacancyId), eq(schema.vacancyCandidates.candidateId, candidateId)));
  if (!link) throw notFound();
  return { vacancy, link };
}

/**
 * The time of an event written under a row lock: now() is when the transaction began, possibly
 * before it waited for the lock, and would order the history unlike the changes themselves.
 */
const lockedNow = sql`clock_timestamp()`;

/**
 * Moves a candidate from stage `from` to `stage`, recording who and when. The move happens only
 * if the candidate is still at `from` when it is written: two people moving at once cannot both
 * win, and the one who lost gets a 409 with the stage it is at now.
 */
/** `note`, when given, is recorded beside the move in the same transaction (a rejection's reason). */
export async function moveStage(
  user: UserRow,
  vacancyId: string,
  candidateId: string,
  stage: Stage,
  from: Stage,
  note?: { kind: string; text: string },
): Promise<{ stage: Stage; stageChangedAt: string }> {
  const { vacancy, link } = await onVacancy(user, vacancyId, candidateId);
  const changed = () => new AppError(409, 'error.funnel.stage_changed');
  if (link.stage !== from) throw changed();
  if (from === stage) return { stage, stageChangedAt: link.stageChangedAt.toISOString() };
  const customers = await customerIds(vacancyId);
  const db = await getDb();
  const now = new Date();
  const told = await db.transaction(async (tx) => {
    // out of the archive the rule reads the history, which a move meanwhile could change: the
    // link's row lock orders the check with every other move (writeMove writes only from `from`)
    let archivedFrom: Stage | null = null;
    if (from === STAGE.ARCHIVE) {
      const vc = schema.vacancyCandidates;
      const [locked] = await tx.select({ stage: vc.stage }).from(vc).where(and(eq(vc.vacancyId, vacancyId), eq(vc.candidateId, candidateId))).for('update');
      if (locked?.stage !== from) throw changed();
      archivedFrom = await archivedFromStage(tx, vacancyId, candidateId);
    }
    if (!allowedStages(user, vacancy, customers, from, archivedFrom).includes(stage)) throw forbidden('error.funnel.stage_forbidden');
    return writeMove(tx, user, vacancy, candidateId, from, stage, now, note);
  });
  await announce(told);
  return { stage, stageChangedAt: now.toISOString() };
}

/**
 * Writes a move the caller found permitted (allowedStages), in `tx`: only if the candidate is
 * still at `from`, else the 409 of a change meanwhile; with its history, webhook and
 * notifications. Returns the people to tell once `tx` commits. The single move and the bulk
 * actions (bulk.ts) both write through it, so that a move is recorded alike either way.
 */
export async function writeMove(
  tx: Executor,
  user: UserRow,
  vacancy: VacancyRow,
  candidateId: string,
  from: Stage,
  stage: Stage,
  now: Date,
  note?: { kind: string; text: string },
): Promise<string[]> {
  const vacancyId = vacancy.id;
  const moved = await tx
    .update(schema.vacancyCandidates)
    .set({ stage, stageChangedAt: now })
    .where(and(eq(schema.vacancyCandidates.vacancyId, vacancyId), eq(schema.vacancyCandidates.candidateId, candidateId), eq(schema.vacancyCandidates.stage, from)))
    .returning({ stage: schema.vacancyCandidates.stage });
  if (!moved.length) throw new AppError(409, 'error.funnel.stage_changed');
  await tx.insert(schema.funnelEvents).values({ spaceId: vacancy.spaceId, vacancyId, candidateId, userId: user.id, kind: 'stage', fromValue: String(from), toValue: String(stage), createdAt: lockedNow });
  if (note) await tx.insert(schema.funnelEvents).values({ spaceId: vacancy.spaceId, vacancyId, candidateId, userId: user.id, kind: note.kind, toValue: note.text, createdAt: lockedNow });
  await queueWebhookEvents(tx, vacancy.spaceId, 'candidate.stage_changed', { candidateId, vacancyId, from, to: stage, changedAt: now.toISOString() });
  // the stage's owners act next; a customer's move is also an answer the recruiter hears of
  const byCustomer = user.role === ROLE.CUSTOMER && (await isVacancyCustomer(tx, vacancyId, user.id));
  return notify(tx, {
    kind: 'stage',
    spaceId: vacancy.spaceId,
    actorId: user.id,
    recipients: [...(await stageOwners(tx, vacancyId, stage)), ...(byCustomer ? [vacancy.recruiterId] : [])],
    candidateId,
    vacancyId,
    params: { actor: personName(user), candidate: await candidateName(tx, candidateId), vacancy: vacancy.positionName, stage },
  });
}

export async function setPriority(user: UserRow, vacancyId: string, candidateId: string, priority: Priority): Promise<{ priority: Priority }> {
  const { vacancy } = await onVacancy(user, vacancyId, candidateId);
  if (!mayWrite(user) || user.spaceId !== vacancy.spaceId) throw forbidden();
  const db = await getDb();
  const where = and(eq(schema.vacancyCandidates.vacancyId, vacancyId), eq(schema.vacancyCandidates.candidateId, candidateId));
  await db.transaction(async (tx) => {
    // the row lock makes the recorded "from" the value this change really replaced
    const [locked] = await tx.select({ priority: schema.vacancyCandidates.priority }).from(schema.vacancyCandidates).where(where).for('update');
    if (!locked) throw notFound();
    if (locked.priority === priority) return;
    await tx.update(schema.vacancyCandidates).set({ priority }).where(where);
    await tx.insert(schema.funnelEvents).values({ spaceId: vacancy.spaceId, vacancyId, candidateId, userId: user.id, kind: 'priority', fromValue: String(locked.priority), toValue: String(priority), createdAt: lockedNow });
  });
  return { priority };
}

/** Recruiters and customers of the vacancy rate 1–5; a second rating replaces the first. */
export async function rate(user: UserRow, vacancyId: string, candidateId: string, score: number, comment: string): Promise<{ ratings: RatingDto[]; average: number | null }> {
  const { vacancy } = await onVacancy(user, vacancyId, candidateId);
  const isCustomer = user.role === ROLE.CUSTOMER && (await customerIds(vacancyId)).includes(user.id);
  if (!(mayWrite(user) && user.spaceId === vacancy.spaceId) && !isCustomer) throw forbidden();
  const db = await getDb();
  const told = await db.transaction(async (tx) => {
    // still a customer of the vacancy as the rating is written: the lock is held until commit, so
    // a removal either waits for this rating or has made it refused (attack review, ninth session)
    if (isCustomer) {
      await lockCustomersOf(tx, { vacancyId }, 'shared');
      await lockCustomersOf(tx, { userId: user.id }, 'shared');
      const [still] = await tx
        .select({ userId: schema.vacancyCustomers.userId })
        .from(schema.vacancyCustomers)
        .where(and(eq(schema.vacancyCustomers.vacancyId, vacancyId), eq(schema.vacancyCustomers.userId, user.id)));
      if (!still) throw forbidden();
    }
    await tx
      .insert(schema.ratings)
      .values({ vacancyId, candidateId, userId: user.id, score, comment })
      .onConflictDoUpdate({ target: [schema.ratings.vacancyId, schema.ratings.candidateId, schema.ratings.userId], set: { score, comment, createdAt: new Date() } });
    await tx.insert(schema.funnelEvents).values({ spaceId: vacancy.spaceId, vacancyId, candidateId, userId: user.id, kind: 'rating', toValue: String(score) });
    await queueWebhookEvents(tx, vacancy.spaceId, 'rating.given', { candidateId, vacancyId, userId: user.id, score });
    if (!isCustomer) return [];
    return notify(tx, {
      kind: 'rated',
      spaceId: vacancy.spaceId,
      actorId: user.id,
      recipients: [vacancy.recruiterId],
      candidateId,
      vacancyId,
      params: { actor: personName(user), candidate: await candidateName(tx, candidateId), vacancy: vacancy.positionName, score },
    });
  });
  await announce(told);
  const ratings = await ratingsOf(vacancyId, candidateId);
  return { ratings, average: ratings.length ? Math.round((ratings.reduce((s, r) => s + r.score, 0) / ratings.length) * 10) / 10 : null };
}

/** The filters shared by the database and a vacancy's list. */
function filters(query: CandidateQuery, user?: UserRow): (SQL | undefined)[] {
  const c = schema.candidates;
  const out: (SQL | undefined)[] = [];
  // the names are the vector's weight A: a customer finds a hidden candidate by anything but the
  // name they are not shown (docs/decisions/0022)
  const vector = user?.role === ROLE.CUSTOMER ? sql`(case when ${identityShown(user, c.id)} then ${c.search} else ts_filter(${c.search}, '{b,c,d}') end)` : c.search;
  if (query.search) out.push(searchCondition(vector, query.search));
  if (query.positionName) out.push(searchCondition(c.search, query.positionName));
  if (query.city) out.push(eq(c.cityId, query.city));
  if (query.salaryFrom !== undefined) out.push(sql`coalesce(${c.salaryTo}, ${c.salary}) >= ${query.salaryFrom}`);
  if (query.salaryTo !== undefined) out.push(lte(c.salary, query.salaryTo));
  if (query.ageFrom !== undefined) out.push(sql`${c.dob} <= (current_date - make_interval(years => ${Math.floor(query.ageFrom)}))::date`);
  if (query.ageTo !== undefined) out.push(sql`${c.dob} > (current_date - make_interval(years => ${Math.floor(query.ageTo) + 1}))::date`);
  if (query.schedule?.length) out.push(sql`${c.schedule} && ${sql.raw(`array[${query.schedule.join(',')}]::smallint[]`)}`);
  return out;
}

function ordering(query: CandidateQuery, c: { salary: AnyPgColumn; createdAt: AnyPgColumn; id: AnyPgColumn } = schema.candidates): SQL[] {
  switch (query.sort) {
    case 'createdAtAsc':
      return [asc(c.createdAt), asc(c.id)];
    case 'salaryAsc':
      return [sql`${c.salary} asc nulls last`, desc(c.createdAt)];
    case 'salaryDesc':
      return [sql`${c.salary} desc nulls last`, desc(c.createdAt)];
    default:
      return [desc(c.createdAt), desc(c.id)];
  }
}

/** A page of a candidate list; the count is exact up to COUNT_LIMIT (docs/api.md). */
function page<T>(data: T[], counted: number, query: CandidateQuery, countLimit = COUNT_LIMIT, depth?: number): Page<T> {
  return { data, pagination: cappedPagination(counted, data.length, query.page, query.limit, countLimit, depth) };
}

/** The space's candidate database, paged; `excludeVacancyId` leaves out those already on it. */
export async function listCandidates(user: UserRow, query: CandidateQuery, locale: Locale): Promise<Page<CandidateCard>> {
  if (!mayManageCandidates(user) && !isStaff(user.role)) throw forbidden();
  const db = await getDb();
  const excluded =
    query.excludeVacancyId && UUID.test(query.excludeVacancyId)
      ? notExists(
          db
            .select({ one: sql`1` })
            .from(schema.vacancyCandidates)
            .where(and(eq(schema.vacancyCandidates.candidateId, schema.candidates.id), eq(schema.vacancyCandidates.vacancyId, query.excludeVacancyId))),
        )
      : undefined;
  const conditions = [visibleTo(user), ...filters(query), excluded];
  const where = and(...conditions);
  const order = ordering(query);
  const text = Boolean(query.search || query.positionName);
  const countLimit = text ? TEXT_COUNT_LIMIT : COUNT_LIMIT;
  const depth = text ? TEXT_DEPTH : undefined;
  const offset = (query.page - 1) * query.limit;
  // past the depth a text search lists nothing; the pagination says where its pages end
  if (depth !== undefined && offset >= depth) return page([], countLimit + 1, query, countLimit, depth);
  const walked = text ? await walkedPage(and(visibleTo(user), ...filters({ ...query, search: undefined, positionName: undefined }), excluded), query) : undefined;
  // the page's ids first (for the default order an index-only scan, however deep the page),
  // then the card columns of those 20 rows only
  const keys = db
    .select({ id: schema.candidates.id })
    .from(schema.candidates)
    .where(walked ? inArray(schema.candidates.id, walked.ids) : where)
    .orderBy(...order)
    .limit(depth !== undefined ? Math.min(query.limit, depth - offset) : query.limit)
    .offset(walked ? 0 : offset)
    .as('keys');
  const [rows, [counted]] = await Promise.all([
    db
      .select({ candidate: cardColumns, city: cityName(locale) })
      .from(keys)
      .innerJoin(schema.candidates, eq(schema.candidates.id, keys.id))
      .leftJoin(schema.cities, eq(schema.cities.id, schema.candidates.cityId))
      .orderBy(...order),
    // a walk that knows the total (it read every row, or its share of matches puts the total
    // past the limit) saves the count: a common word's count reads every match from the index
    walked?.total !== undefined
      ? Promise.resolve([{ total: walked.total }])
      : // at most COUNT_LIMIT + 1 matches are counted: a broad filter (40 % of 100,000 candidates)
        // then reads 10,001 index entries, not 40,000; a text search, whose every match is a row
        // read from the table, stops at TEXT_COUNT_LIMIT + 1 (issue 12, item 3; docs/api.md)
        db.select({ total: sql<number>`count(*)::int` }).from(db.select({ one: sql`1`.as('one') }).from(schema.candidates).where(where).limit(countLimit + 1).as('capped')),
  ]);
  return page(rows.map((r) => card(r.candidate, r.city)), counted?.total ?? 0, query, countLimit, depth);
}

/** Rows of the list's order a text-search page walks at least before it gives up on the walk. */
const WALK_ROWS = 1000;
/**
 * Rows walked per row of depth: a deeper page walks further, up to TEXT_DEPTH × this, so a word
 * on at least 1 row in 10 is found by walking on every page (at a million candidates "менеджер",
 * 13 %, fills page 50 after 7,500 rows, where its 134,000 matches took 2.6 s to read and sort).
 */
const WALK_PER_ROW = 10;

/** A shallow text-search page found by walking the list's order, and the total when the walk tells it. */
export interface Walk {
  ids: string[];
  /** Exact when the walk read every row of the filter; TEXT_COUNT_LIMIT + 1 ("1 000+") when its share of matches puts the total past that. */
  total?: number;
}

/**
 * The ids of a page of a text search, found by walking the list's own order (an index) and
 * keeping the rows that match until the page is full, or undefined when the walk did not fill
 * it within its budget (WALK_PER_ROW rows per row of depth, at least WALK_ROWS). A common word
 * ("менеджер", 13 % of the rows) fills page 1 after about 150 rows instead of reading and
 * sorting all of its 13,000 matches; a rare one gives up and the search index finds its few
 * matches (docs/decisions/0006, 0033). A walk that read every row of the filter knows the total.
 *
 * The walk also estimates the count (issue 12 item 3, issue 16 item 3): `hits` matches among
 * `walked` rows, in a filter of at least `walked × TEXT_COUNT_LIMIT / hits` rows, make more than
 * TEXT_COUNT_LIMIT matches by that share, shown as "1 000+" without reading every match; at
 * 1,000,000 candidates that exact count alone cost 160 ms for "менеджер".
 */
export async function walkedPage(plain: SQL | undefined, query: CandidateQuery): Promise<Walk | undefined> {
  const offset = (query.page - 1) * query.limit;
  const budget = Math.max(WALK_ROWS, (offset + query.limit) * WALK_PER_ROW);
  const db = await getDb();
  const c = schema.candidates;
  // each row's vector is tested in the walk itself: only (id, hit) travel further up
  const walk = db
    // a search of punctuation only has no terms: every row matches, as in the list's own filter
    .select({ id: c.id, hit: sql<boolean>`${and(...textConditions(query)) ?? sql`true`}`.as('hit') })
    .from(c)
    .where(plain)
    .orderBy(...ordering(query))
    .limit(budget)
    .as('walk');
  const wanted = Math.min(query.limit, TEXT_DEPTH - offset);
  // numbered in the walk's order; the walk stops at the page's last match (a LIMIT over the
  // filter), and only the page's ids and two counts come back, not a row per walked row
  const numbered = db.select({ id: walk.id, hit: walk.hit, n: sql<number>`row_number() over ()`.as('n') }).from(walk).as('numbered');
  const found = db.select({ id: numbered.id, n: numbered.n }).from(numbered).where(sql`${numbered.hit}`).limit(offset + wanted).as('found');
  const [result] = await db
    .select({
      hits: sql<number>`count(*)::int`,
      lastHit: sql<number | null>`max(${found.n})::int`,
      ids: sql<string[] | null>`(array_agg(${found.id}::text order by ${found.n}))[${offset + 1}:${offset + wanted}]`,
    })
    .from(found);
  const hits = result?.hits ?? 0;
  const ids = result?.ids ?? [];
  if (ids.length < wanted) {
    // the walk read its whole budget: exact when that was every row of the filter, else given up
    const [all] = await db.select({ n: sql<number>`count(*)::int` }).from(db.select({ one: sql`1`.as('one') }).from(c).where(plain).limit(budget).as('walked'));
    return (all?.n ?? 0) < budget ? { ids, total: hits } : undefined;
  }
  const walked = result?.lastHit ?? 0;
  const needed = rowsToPassTextLimit(walked, hits);
  if (needed === undefined) return { ids };
  const [filter] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(db.select({ one: sql`1`.as('one') }).from(c).where(plain).limit(needed).as('capped'));
  return { ids, total: (filter?.n ?? 0) >= needed ? TEXT_COUNT_LIMIT + 1 : undefined };
}

/**
 * How many rows the filter must hold for `hits` matches among `walked` rows to make more than
 * TEXT_COUNT_LIMIT matches at that share; undefined when that is more than a capped count reads
 * (a word so rare that its exact count is cheap).
 */
export function rowsToPassTextLimit(walked: number, hits: number): number | undefined {
  if (hits === 0) return undefined;
  const needed = Math.ceil((walked * (TEXT_COUNT_LIMIT + 1)) / hits);
  return needed > ESTIMATE_ROWS ? undefined : needed;
}

/**
 * The most rows of a filter counted to prove a walked share: an index entry each, about 1 µs,
 * where the capped count of a text search reads a table row per match (at a million candidates
 * 110 ms for "продаж", 8 % of the rows, whose share needs 12,500).
 */
export const ESTIMATE_ROWS = 30_000;

/** The text conditions of a query, on the given vector (the table's by default). */
function textConditions(query: CandidateQuery, vector: AnyPgColumn = schema.candidates.search): SQL[] {
  return [query.search ? searchCondition(vector, query.search) : undefined, query.positionName ? searchCondition(vector, query.positionName) : undefined].filter((s): s is SQL => s !== undefined);
}

/** The candidates on a vacancy with their stage, priority and average rating, paged. */
export async function listVacancyCandidates(user: UserRow, vacancyId: string, query: CandidateQuery, locale: Locale): Promise<Page<VacancyCandidateRow>> {
  await findVisible(user, vacancyId);
  const db = await getDb();
  const vc = schema.vacancyCandidates;
  const onCandidates = filters(query, user).filter((f) => f !== undefined);
  const where = and(eq(vc.vacancyId, vacancyId), query.stage ? eq(vc.stage, query.stage) : undefined, ...onCandidates);
  // a link always has its candidate (a foreign key; a merge moves the links): the candidates
  // table is joined only to filter on it, else the count and the page's keys read the link index
  // alone (3,000 links: 5 ms → under 1)
  const fromLinks = <S extends SelectedFields>(fields: S) => {
    const from = db.select(fields).from(vc);
    return onCandidates.length ? from.innerJoin(schema.candidates, eq(schema.candidates.id, vc.candidateId)) : from;
  };
  const order = [desc(vc.priority), desc(vc.createdAt), desc(vc.candidateId)];
  // the page's links first (vacancy_candidates_vacancy_page read backwards), then their cards
  const keys = fromLinks({ candidateId: vc.candidateId })
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .as('keys');
  // the ratings of the page's candidates only, not an average of every candidate on the vacancy
  const r = schema.ratings;
  const ratingOf = (expression: SQL) => sql`(select ${expression} from ${r} where ${r.vacancyId} = ${vacancyId} and ${r.candidateId} = ${vc.candidateId})`;
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        candidate: cardColumns,
        city: cityName(locale),
        link: vc,
        average: sql<number | null>`${ratingOf(sql`avg(${r.score})`)}`,
        n: sql<number>`${ratingOf(sql`count(*)::int`)}`,
        shown: identityShown(user, vc.candidateId),
      })
      .from(keys)
      .innerJoin(vc, and(eq(vc.vacancyId, vacancyId), eq(vc.candidateId, keys.candidateId)))
      .innerJoin(schema.candidates, eq(schema.candidates.id, vc.candidateId))
      .leftJoin(schema.cities, eq(schema.cities.id, schema.candidates.cityId))
      .orderBy(...order),
    db.select({ total: sql<number>`count(*)::int` }).from(fromLinks({ one: sql`1`.as('one') }).where(where).limit(COUNT_LIMIT + 1).as('capped')),
  ]);
  return page(
    rows.map(({ candidate, city, link, average, n, shown }) => ({
      ...withIdentity(card(candidate, city), shown, candidate.number, locale),
      stage: link.stage as Stage,
      priority: link.priority as Priority,
      stageChangedAt: link.stageChangedAt.toISOString(),
      average: average === null ? null : Math.round(Number(average) * 10) / 10,
      ratingsCount: n ?? 0,
    })),
    counted?.total ?? 0,
    query,
  );
}

/** Puts candidates of the space's database onto a vacancy; those already on it are skipped. */
export async function addToVacancy(user: UserRow, vacancyId: string, candidateIds: string[]): Promise<{ added: number }> {
  const vacancy = await vacancyToAddTo(user, vacancyId);
  // which of them are the space's, live and not merged away, addLinks reads under its lock
  if (!candidateIds.every((id) => UUID.test(id))) throw new AppError(400, 'error.common.invalid_body', { candidatesIds: 'form.candidate.unknown' });
  const db = await getDb();
  const added = await db.transaction(async (tx) => (await addLinks(tx, user, vacancy, candidateIds)).length);
  return { added };
}

/**
 * The profile's "Vacancies" (company and recruiters): the space's vacancies the candidate is on,
 * with the stage there, and the published ones they could be put on. Empty for anyone else.
 */
export async function vacancyLinksOf(user: UserRow, candidateId: string, locale: Locale): Promise<VacancyLinks> {
  if (!mayManageCandidates(user) || !user.spaceId || !UUID.test(candidateId)) return { on: [], open: [] };
  const { vacancies: v, vacancyCandidates: vc, cities } = schema;
  const db = await getDb();
  // the city tells apart two openings of one position
  const [on, open] = await Promise.all([
    db
      .select({ id: v.id, positionName: v.positionName, city: cityName(locale), status: v.status, stage: vc.stage })
      .from(vc)
      .innerJoin(v, eq(v.id, vc.vacancyId))
      .leftJoin(cities, eq(cities.id, v.cityId))
      .where(and(eq(vc.candidateId, candidateId), eq(v.spaceId, user.spaceId)))
      .orderBy(asc(v.status), asc(v.positionName)),
    db
      .select({ id: v.id, positionName: v.positionName, city: cityName(locale) })
      .from(v)
      .leftJoin(cities, eq(cities.id, v.cityId))
      .where(
        and(
          eq(v.spaceId, user.spaceId),
          eq(v.status, VACANCY_STATUS.PUBLISHED),
          notExists(db.select({ one: sql`1` }).from(vc).where(and(eq(vc.vacancyId, v.id), eq(vc.candidateId, candidateId)))),
        ),
      )
      .orderBy(asc(v.positionName), asc(v.createdAt))
      .limit(VACANCY_CHOICES),
  ]);
  return { on, open };
}

export interface VacancyLinks {
  on: { id: string; positionName: string; city: string | null; status: number; stage: number }[];
  open: { id: string; positionName: string; city: string | null }[];
}

/** The most published vacancies the profile offers to add a candidate to, by name. */
export const VACANCY_CHOICES = 500;

/** The vacancy `user` may put candidates onto: their space's, published. */
export async function vacancyToAddTo(user: UserRow, vacancyId: string): Promise<VacancyRow> {
  const vacancy = await findVisible(user, vacancyId);
  if (!mayWrite(user) || user.spaceId !== vacancy.spaceId) throw forbidden();
  if (vacancy.status !== VACANCY_STATUS.PUBLISHED) throw new AppError(409, 'error.vacancy.not_published');
  return vacancy;
}

/**
 * The candidates of a bulk selection (docs/decisions/0030) as `user`'s list shows them: the
 * database's, or one vacancy's when `vacancyId` is given; with `ids`, only those of them the
 * list holds (another space's ids are not in it). In id order, the one order every bulk
 * action locks its rows in; at most `max + 1`, so that a selection too large is known as such
 * without reading all of it.
 */
export async function bulkSelection(user: UserRow, selection: { ids?: string[]; query?: CandidateQuery; vacancyId?: string }, max: number): Promise<string[]> {
  const c = schema.candidates;
  const ids = selection.ids?.filter((id) => UUID.test(id));
  if (ids && !ids.length) return [];
  const chosen = ids ? inArray(c.id, ids) : undefined;
  const query = selection.query;
  const db = await getDb();
  if (selection.vacancyId) {
    await findVisible(user, selection.vacancyId);
    const vc = schema.vacancyCandidates;
    const rows = await db
      .select({ id: c.id })
      .from(vc)
      .innerJoin(c, eq(c.id, vc.candidateId))
      .where(and(eq(vc.vacancyId, selection.vacancyId), query?.stage ? eq(vc.stage, query.stage) : undefined, ...(query ? filters(query, user) : []), chosen))
      .orderBy(asc(c.id))
      .limit(max + 1);
    return rows.map((r) => r.id);
  }
  // the database is the space's people's list only (as listCandidates)
  if (!mayManageCandidates(user)) throw forbidden();
  const rows = await db
    .select({ id: c.id })
    .from(c)
    .where(and(visibleTo(user), ...(query ? filters(query) : []), chosen))
    .orderBy(asc(c.id))
    .limit(max + 1);
  return rows.map((r) => r.id);
}

/**
 * Puts candidates of the vacancy's space onto it in `tx`, each with its history row; returns
 * those put on (the ones already on it are left). The caller checked the vacancy and the ids.
 */
export async function addLinks(tx: Executor, user: UserRow, vacancy: VacancyRow, candidateIds: string[]): Promise<string[]> {
  if (!candidateIds.length) return [];
  // the candidates as they are now, share-locked in id order until the links are written: a merge
  // (which locks both rows for update) either waits for these links and moves them to the
  // survivor, or commits first and the merged-away candidate is not found here; an erasure the same
  const c = schema.candidates;
  const ids = [...new Set(candidateIds)];
  const live = await tx
    .select({ id: c.id, erasedAt: c.erasedAt })
    .from(c)
    .where(and(inArray(c.id, ids), eq(c.spaceId, vacancy.spaceId), isNull(c.mergedInto)))
    .orderBy(asc(c.id))
    .for('share');
  if (live.length !== ids.length) throw new AppError(400, 'error.common.invalid_body', { candidatesIds: 'form.candidate.unknown' });
  // an erased candidate stays for the statistics of the vacancies they were on, and joins no other
  if (live.some((row) => row.erasedAt)) throw new AppError(409, 'error.rights.erased');
  const rows = await tx
    .insert(schema.vacancyCandidates)
    .values(ids.map((id) => ({ vacancyId: vacancy.id, candidateId: id, addedBy: user.id })))
    .onConflictDoNothing()
    .returning({ candidateId: schema.vacancyCandidates.candidateId });
  if (rows.length) {
    await tx.insert(schema.funnelEvents).values(rows.map((r) => ({ spaceId: vacancy.spaceId, vacancyId: vacancy.id, candidateId: r.candidateId, userId: user.id, kind: 'added_to_vacancy' })));
  }
  return rows.map((r) => r.candidateId);
}

/**
 * Points a candidate's photo or resume at a newly stored file and returns the file it held. The
 * row lock orders concurrent uploads: each one removes exactly the file it replaced, so no file
 * with personal data is left behind unreferenced.
 */
export async function replaceCandidateFile(
  candidateId: string,
  change: { image: string } | { resume: string; resumeName: string },
): Promise<string | null> {
  const db = await getDb();
  const column = 'image' in change ? 'image' : 'resume';
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ image: schema.candidates.image, resume: schema.candidates.resume, erasedAt: schema.candidates.erasedAt })
      .from(schema.candidates)
      .where(eq(schema.candidates.id, candidateId))
      .for('update');
    if (!row) throw notFound();
    if (row.erasedAt) throw new AppError(409, 'error.rights.erased');
    await tx.update(schema.candidates).set({ ...change, updatedAt: new Date() }).where(eq(schema.candidates.id, candidateId));
    return row[column];
  });
}
