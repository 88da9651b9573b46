/**
 * Likely duplicates and merging two candidates into one (issue 15 item 4, docs/decisions/0029).
 *
 * A duplicate shares the normalised address or phone (the stored generated columns of
 * db/normalise.ts, indexed per space) or the name and birth date. A merge moves every row of the
 * other candidate (the "loser") to the one kept (the "survivor") in one transaction holding both
 * candidates' row locks, applies the fields chosen one by one, hides the loser (`merged_into`)
 * and records what moved, so that an undo within 30 days puts exactly those rows back.
 */
import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { getDb, schema, type Tx } from './db/index.ts';
import type { MergeSnapshot } from './db/schema.ts';
import { normalisedEmail, normalisedPhone } from './db/normalise.ts';
import { AppError, forbidden, notFound } from './http.ts';
import { audit } from './audit.ts';
import { mayManageCandidates, storedSearchVector } from './candidates.ts';
import { STAGE } from '../schemas/candidate.ts';
import { PD_STATUS } from '../schemas/funnel.ts';
import { isUuid, type DuplicateDto, type DuplicateReason, type MergeChoice } from '../schemas/merge.ts';
import type { UserRow } from './users.ts';

type CandidateRow = typeof schema.candidates.$inferSelect;

/** The consent states a person chose (approved, declined, withdrawn): the rest wait for or lack an answer. */
const ANSWERS: readonly number[] = [PD_STATUS.APPROVED, PD_STATUS.DECLINED, PD_STATUS.WITHDRAWN];

/** How long a merge can be undone. */
export const UNDO_DAYS = 30;
/** The most duplicates a form or profile lists: more would be a data problem, not a warning. */
const MAX_DUPLICATES = 10;
/** Fewer digits than this are not a phone number anyone could be found by. */
const MIN_PHONE_DIGITS = 7;

export interface DuplicateProbe {
  email?: string | null;
  phone?: string | null;
  name?: string | null;
  surname?: string | null;
  birthDate?: string | null;
}

const folded = (value: SQL) => sql`lower(translate(btrim(${value}), 'Ёё', 'Ее'))`;

/**
 * The space's live candidates that look like the one described, with why. Each reason is an
 * equality on an index of the space (email_norm, phone_norm, dob), so the cost does not grow
 * with the space.
 */
export async function findDuplicates(spaceId: string, probe: DuplicateProbe, excludeId?: string): Promise<DuplicateDto[]> {
  const c = schema.candidates;
  const email = probe.email?.trim() ? normalisedEmail(sql`${probe.email}::text`) : undefined;
  const phone = probe.phone?.trim() ? normalisedPhone(sql`${probe.phone}::text`) : undefined;
  const named = probe.name?.trim() && probe.surname?.trim() && probe.birthDate;
  const byEmail = email ? sql`${c.emailNorm} = ${email}` : undefined;
  const byPhone = phone ? sql`(${c.phoneNorm} = ${phone} and length(${phone}) >= ${MIN_PHONE_DIGITS})` : undefined;
  const byName = named
    ? sql`(${c.dob} = ${probe.birthDate}::date and ${folded(sql`${c.name}`)} = ${folded(sql`${probe.name}::text`)} and ${folded(sql`${c.surname}`)} = ${folded(sql`${probe.surname}::text`)})`
    : undefined;
  const any = [byEmail, byPhone, byName].filter((s): s is SQL => s !== undefined);
  if (!any.length) return [];
  const db = await getDb();
  const rows = await db
    .select({
      id: c.id,
      name: c.name,
      surname: c.surname,
      positionName: c.positionName,
      number: c.number,
      email: byEmail ? sql<boolean>`coalesce(${byEmail}, false)` : sql<boolean>`false`,
      phone: byPhone ? sql<boolean>`coalesce(${byPhone}, false)` : sql<boolean>`false`,
      nameBirth: byName ? sql<boolean>`coalesce(${byName}, false)` : sql<boolean>`false`,
    })
    .from(c)
    .where(and(eq(c.spaceId, spaceId), isNull(c.mergedInto), isNull(c.erasedAt), excludeId && isUuid(excludeId) ? ne(c.id, excludeId) : undefined, or(...any)))
    .orderBy(asc(c.createdAt), asc(c.id))
    .limit(MAX_DUPLICATES);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    surname: r.surname,
    positionName: r.positionName,
    number: r.number,
    reasons: ([['email', r.email], ['phone', r.phone], ['name_birth', r.nameBirth]] as [DuplicateReason, boolean][]).filter(([, hit]) => hit).map(([reason]) => reason),
  }));
}

/** The likely duplicates of a candidate the user sees, for its profile: the space's people only. */
export async function duplicatesOf(user: UserRow, candidate: { id: string; email: string | null; phone: string | null; name: string; surname: string; dob: string | null }): Promise<DuplicateDto[]> {
  if (!mayManageCandidates(user) || !user.spaceId) return [];
  return findDuplicates(user.spaceId, { email: candidate.email, phone: candidate.phone, name: candidate.name, surname: candidate.surname, birthDate: candidate.dob }, candidate.id);
}

/** The space's live candidate for a merge, or a 404: another space's, a merged one, or a customer's view. */
async function mergeable(user: UserRow, id: string): Promise<CandidateRow> {
  if (!mayManageCandidates(user) || !user.spaceId) throw forbidden();
  if (!isUuid(id)) throw notFound();
  const db = await getDb();
  const [row] = await db
    .select()
    .from(schema.candidates)
    .where(and(eq(schema.candidates.id, id), eq(schema.candidates.spaceId, user.spaceId), isNull(schema.candidates.mergedInto)));
  if (!row) throw notFound();
  return row;
}

/**
 * Where a merged candidate of the user's space lives on: old links (notifications, bookmarks)
 * lead there instead of to a 404. Undefined for anything else.
 */
export async function mergedInto(user: UserRow, id: string): Promise<string | undefined> {
  if (!mayManageCandidates(user) || !user.spaceId || !isUuid(id)) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ into: schema.candidates.mergedInto })
    .from(schema.candidates)
    .where(and(eq(schema.candidates.id, id), eq(schema.candidates.spaceId, user.spaceId)));
  return row?.into ?? undefined;
}

/** Both candidates of a merge page, checked as the merge itself will check them. */
export async function mergePair(user: UserRow, survivorId: string, otherId: string): Promise<{ survivor: CandidateRow; other: CandidateRow }> {
  const [survivor, other] = [await mergeable(user, survivorId), await mergeable(user, otherId)];
  if (survivor.id === other.id) throw new AppError(409, 'error.merge.same');
  return { survivor, other };
}

/** The stored columns a merge field stands for. */
const FIELD_COLUMNS = {
  name: ['name'],
  surname: ['surname'],
  dob: ['dob'],
  email: ['email'],
  phone: ['phone'],
  positionName: ['positionName'],
  salary: ['salary', 'salaryTo'],
  cityId: ['cityId'],
  schedule: ['schedule'],
  skills: ['skills'],
  jobExperience: ['jobExperience'],
  education: ['education'],
  langs: ['langs'],
  image: ['image'],
  resume: ['resume', 'resumeName'],
} as const satisfies Record<string, readonly (keyof CandidateRow)[]>;

/** The survivor's columns a merge may change and an undo puts back (files go by swapping). */
const RESTORED = ['name', 'surname', 'dob', 'email', 'phone', 'positionName', 'salary', 'salaryTo', 'cityId', 'schedule', 'skills', 'jobExperience', 'education', 'langs', 'pdStatus', 'unconsentedSince'] as const;

/** Whether a field differs between the two: the merge page asks only about those. */
export function differs(a: CandidateRow, b: CandidateRow, field: keyof typeof FIELD_COLUMNS): boolean {
  return FIELD_COLUMNS[field].some((column) => JSON.stringify(a[column] ?? null) !== JSON.stringify(b[column] ?? null));
}

/** The further of two stages of one vacancy: any live stage is further than the archive. */
function furtherStage(a: number, b: number): number {
  if (a === STAGE.ARCHIVE) return b;
  if (b === STAGE.ARCHIVE) return a;
  return Math.max(a, b);
}

/** Tables whose rows move by their own key, and that key. */
const KEYED = {
  funnel_events: 'id',
  applications: 'id',
  pd_requests: 'id',
  interviews: 'id',
  notifications: 'id',
  rights_links: 'token_hash',
  rights_requests: 'id',
} as const;

type Row = Record<string, unknown>;
const rowsOf = async <T = Row>(tx: Tx, query: SQL): Promise<T[]> => (await tx.execute(query)).rows as T[];

/** Locks both candidates in one order (no deadlock between a merge and its mirror) and returns them. */
async function lockPair(tx: Tx, spaceId: string, a: string, b: string): Promise<Map<string, CandidateRow>> {
  const rows = await tx
    .select()
    .from(schema.candidates)
    .where(and(inArray(schema.candidates.id, [a, b]), eq(schema.candidates.spaceId, spaceId)))
    .orderBy(asc(schema.candidates.id))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * Merges `otherId` into `survivorId`: the chosen fields, every funnel, rating, history row,
 * comment, file, consent, interview and notification of the other candidate go to the survivor.
 */
export async function mergeCandidates(user: UserRow, survivorId: string, otherId: string, choice: MergeChoice): Promise<{ mergeId: string }> {
  await mergePair(user, survivorId, otherId);
  const spaceId = user.spaceId!;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const locked = await lockPair(tx, spaceId, survivorId, otherId);
    const survivor = locked.get(survivorId);
    const loser = locked.get(otherId);
    // the pages' checks again, under the locks: a concurrent merge or undo has finished by now
    if (!survivor || !loser) throw notFound();
    if (survivor.mergedInto || loser.mergedInto) throw new AppError(409, 'error.merge.already_merged');
    if (survivor.erasedAt || loser.erasedAt) throw new AppError(409, 'error.rights.erased');
    const [openClash] = await rowsOf(tx, sql`select 1 from rights_requests l join rights_requests s on s.kind = l.kind and s.candidate_id = ${survivor.id} and s.done_at is null
      where l.candidate_id = ${loser.id} and l.done_at is null limit 1`);
    if (openClash) throw new AppError(409, 'error.merge.open_requests');

    const S = survivor.id;
    const L = loser.id;
    const snapshot: MergeSnapshot = {
      fields: Object.fromEntries(RESTORED.map((key) => [key, key === 'unconsentedSince' ? (survivor.unconsentedSince?.toISOString() ?? null) : survivor[key]])),
      swapped: [],
      moved: { funnel_events: [], applications: [], pd_requests: [], interviews: [], notifications: [], rights_links: [], rights_requests: [] },
      vacancies: [],
      combined: [],
      ratings: [],
      droppedRatings: [],
      grants: [],
      droppedGrants: [],
      shortlists: [],
      droppedShortlists: [],
    };

    // the funnels: where both are on a vacancy, the further stage and the higher priority stay
    const both = await rowsOf<{ loser: Row; stage: number; priority: number; changed: string; lstage: number; lpriority: number; lchanged: string }>(
      tx,
      sql`select to_jsonb(l) as loser, s.stage, s.priority, s.stage_changed_at::text as changed, l.stage as lstage, l.priority as lpriority, l.stage_changed_at::text as lchanged
        from vacancy_candidates l join vacancy_candidates s on s.vacancy_id = l.vacancy_id and s.candidate_id = ${S} where l.candidate_id = ${L}`,
    );
    for (const link of both) {
      const stage = furtherStage(link.stage, link.lstage);
      const changed = stage === link.stage ? link.changed : link.lchanged;
      await tx.execute(sql`update vacancy_candidates set stage = ${stage}, priority = ${Math.max(link.priority, link.lpriority)}, stage_changed_at = ${changed}::timestamptz
        where vacancy_id = ${link.loser.vacancy_id as string} and candidate_id = ${S}`);
      await tx.execute(sql`delete from vacancy_candidates where vacancy_id = ${link.loser.vacancy_id as string} and candidate_id = ${L}`);
      snapshot.combined.push({ loser: link.loser, survivor: { stage: link.stage, priority: link.priority, stageChangedAt: link.changed }, after: { stage, stageChangedAt: changed } });
    }
    snapshot.vacancies = (await rowsOf<{ vacancy_id: string }>(tx, sql`update vacancy_candidates set candidate_id = ${S} where candidate_id = ${L} returning vacancy_id`)).map((r) => r.vacancy_id);

    // one rating per person and vacancy: where both were rated by the same person the newer stays
    const clashes = await rowsOf<{ l: Row; s: Row; loser_newer: boolean }>(
      tx,
      sql`select to_jsonb(l) as l, to_jsonb(s) as s, l.created_at > s.created_at as loser_newer from ratings l
        join ratings s on s.candidate_id = ${S} and s.vacancy_id = l.vacancy_id and s.user_id = l.user_id where l.candidate_id = ${L}`,
    );
    for (const clash of clashes) {
      const dropped = clash.loser_newer ? clash.s : clash.l;
      await tx.execute(sql`delete from ratings where vacancy_id = ${dropped.vacancy_id as string} and user_id = ${dropped.user_id as string} and candidate_id = ${dropped.candidate_id as string}`);
      snapshot.droppedRatings.push(dropped);
    }
    snapshot.ratings = (await rowsOf<{ vacancy_id: string; user_id: string }>(tx, sql`update ratings set candidate_id = ${S} where candidate_id = ${L} returning vacancy_id, user_id`)).map((r) => ({
      vacancyId: r.vacancy_id,
      userId: r.user_id,
    }));

    // one consent answer per recipient: the newer answer stands
    const grantClashes = await rowsOf<{ l: Row; s: Row; loser_newer: boolean }>(
      tx,
      sql`select to_jsonb(l) as l, to_jsonb(s) as s, l.answered_at > s.answered_at as loser_newer from consent_grants l
        join consent_grants s on s.candidate_id = ${S} and s.recipient = l.recipient where l.candidate_id = ${L}`,
    );
    for (const clash of grantClashes) {
      const dropped = clash.loser_newer ? clash.s : clash.l;
      await tx.execute(sql`delete from consent_grants where candidate_id = ${dropped.candidate_id as string} and recipient = ${dropped.recipient as string}`);
      snapshot.droppedGrants.push(dropped);
    }
    snapshot.grants = (await rowsOf<{ recipient: string }>(tx, sql`update consent_grants set candidate_id = ${S} where candidate_id = ${L} returning recipient`)).map((r) => r.recipient);

    // a shortlist that holds both keeps the survivor's entry
    snapshot.droppedShortlists = (
      await rowsOf<{ row: Row }>(
        tx,
        sql`delete from shortlist_candidates l using shortlist_candidates s where l.candidate_id = ${L} and s.candidate_id = ${S} and s.shortlist_id = l.shortlist_id returning to_jsonb(l) as row`,
      )
    ).map((r) => r.row);
    snapshot.shortlists = (await rowsOf<{ shortlist_id: string }>(tx, sql`update shortlist_candidates set candidate_id = ${S} where candidate_id = ${L} returning shortlist_id`)).map((r) => r.shortlist_id);

    for (const [table, key] of Object.entries(KEYED) as [keyof typeof KEYED, string][]) {
      const moved = await rowsOf<{ key: string }>(tx, sql`update ${sql.identifier(table)} set candidate_id = ${S} where candidate_id = ${L} returning ${sql.identifier(key)}::text as key`);
      snapshot.moved[table] = moved.map((r) => r.key);
    }

    // the fields: the other's where chosen; files are swapped so that each stays referenced once
    const set: Partial<CandidateRow> = {};
    const loserSet: Partial<CandidateRow> = {};
    for (const [field, columns] of Object.entries(FIELD_COLUMNS) as [keyof typeof FIELD_COLUMNS, readonly (keyof CandidateRow)[]][]) {
      if (choice[field] !== 'other' || !differs(survivor, loser, field)) continue;
      for (const column of columns) {
        (set as Row)[column] = loser[column];
        if (field === 'image' || field === 'resume') (loserSet as Row)[column] = survivor[column];
      }
      if (field === 'image' || field === 'resume') snapshot.swapped.push(field);
    }
    // consent belongs to its address: taking the other's address takes its consent state; at the
    // same address, a survivor never asked, or asked and not answered, takes the other's state
    // (an applicant's consent had been dropped when their card was merged into one a recruiter
    // typed in again, while its answers moved over: "not requested" above "approved", and the
    // rights page said no consent)
    const address = (row: CandidateRow) => (row.email ?? '').trim().toLowerCase();
    const takesAddress = 'email' in set && address(loser) !== address(survivor);
    const answered = (row: CandidateRow) => ANSWERS.includes(row.pdStatus);
    const sameAddress = address(loser) !== '' && address(loser) === address(survivor);
    const takesAnswer = sameAddress && (survivor.pdStatus === PD_STATUS.NOT_SENT || (!answered(survivor) && answered(loser)));
    if (takesAddress || takesAnswer) {
      set.pdStatus = loser.pdStatus;
      set.unconsentedSince = loser.unconsentedSince;
    }
    const merged = { ...survivor, ...set };
    await tx
      .update(schema.candidates)
      .set({ ...set, search: storedSearchVector(merged), updatedAt: new Date() })
      .where(eq(schema.candidates.id, S));
    await tx.update(schema.candidates).set({ ...loserSet, mergedInto: S, updatedAt: new Date() }).where(eq(schema.candidates.id, L));

    const [record] = await tx.insert(schema.candidateMerges).values({ spaceId, survivorId: S, loserId: L, mergedBy: user.id, snapshot }).returning({ id: schema.candidateMerges.id });
    const details = { merge: record!.id, survivor: survivor.number, merged: loser.number };
    await audit(tx, { spaceId, actor: { kind: 'user', user }, action: 'merge', candidateId: S, details });
    await audit(tx, { spaceId, actor: { kind: 'user', user }, action: 'merge', candidateId: L, details });
    return { mergeId: record!.id };
  });
}

export interface MergeNotice {
  id: string;
  otherId: string;
  otherName: string;
  otherNumber: number;
  at: Date;
  /** Until when it can be undone. */
  until: Date;
}

/** The survivor's merges that can still be undone, newest first. */
export async function undoableMerges(user: UserRow, survivorId: string): Promise<MergeNotice[]> {
  if (!mayManageCandidates(user) || !user.spaceId || !isUuid(survivorId)) return [];
  const db = await getDb();
  const m = schema.candidateMerges;
  const rows = await db
    .select({ id: m.id, at: m.createdAt, otherId: m.loserId, name: schema.candidates.name, surname: schema.candidates.surname, number: schema.candidates.number })
    .from(m)
    .innerJoin(schema.candidates, eq(schema.candidates.id, m.loserId))
    .where(and(eq(m.survivorId, survivorId), eq(m.spaceId, user.spaceId), isNull(m.undoneAt), isNull(schema.candidates.erasedAt), sql`${m.createdAt} > now() - make_interval(days => ${UNDO_DAYS})`))
    .orderBy(desc(m.createdAt));
  return rows.map((r) => ({
    id: r.id,
    otherId: r.otherId,
    otherName: `${r.name} ${r.surname}`.trim(),
    otherNumber: r.number,
    at: r.at,
    until: new Date(r.at.getTime() + UNDO_DAYS * 86_400_000),
  }));
}

/** Undoes a merge of the survivor's within 30 days: the other candidate and exactly the rows that moved come back. */
export async function undoMerge(user: UserRow, survivorId: string, mergeId: string): Promise<{ otherId: string }> {
  if (!mayManageCandidates(user) || !user.spaceId) throw forbidden();
  if (!isUuid(mergeId) || !isUuid(survivorId)) throw notFound();
  const spaceId = user.spaceId;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [merge] = await rowsOf<{ id: string; survivor_id: string; loser_id: string; snapshot: MergeSnapshot; undone: boolean; expired: boolean }>(
      tx,
      sql`select id, survivor_id, loser_id, snapshot, undone_at is not null as undone, created_at <= now() - make_interval(days => ${UNDO_DAYS}) as expired
        from candidate_merges where id = ${mergeId} and survivor_id = ${survivorId} and space_id = ${spaceId} for update`,
    );
    if (!merge) throw notFound();
    if (merge.undone) throw new AppError(409, 'error.merge.already_undone');
    if (merge.expired) throw new AppError(409, 'error.merge.expired');
    const S = merge.survivor_id;
    const L = merge.loser_id;
    const locked = await lockPair(tx, spaceId, S, L);
    const survivor = locked.get(S);
    const loser = locked.get(L);
    if (!survivor || !loser) throw notFound();
    // a survivor merged on into a third candidate gives its rows to that one: undo that first
    if (survivor.mergedInto) throw new AppError(409, 'error.merge.survivor_merged');
    // an erasure since the merge is final: undoing would bring back the personal data it removed
    if (survivor.erasedAt || loser.erasedAt) throw new AppError(409, 'error.rights.erased');
    const snap = merge.snapshot;

    for (const [table, key] of Object.entries(KEYED) as [keyof typeof KEYED, string][]) {
      const keys = snap.moved[table];
      if (keys.length) await tx.execute(sql`update ${sql.identifier(table)} set candidate_id = ${L} where candidate_id = ${S} and ${sql.identifier(key)}::text = any(${sql.param(keys)}::text[])`);
    }
    if (snap.vacancies.length) {
      await tx.execute(sql`update vacancy_candidates set candidate_id = ${L} where candidate_id = ${S} and vacancy_id = any(${sql.param(snap.vacancies)}::uuid[])`);
      // the ratings of a link that goes back go with it, given since the merge too
      await tx.execute(sql`update ratings set candidate_id = ${L} where candidate_id = ${S} and vacancy_id = any(${sql.param(snap.vacancies)}::uuid[])`);
    }
    for (const r of snap.ratings) {
      await tx.execute(sql`update ratings set candidate_id = ${L} where candidate_id = ${S} and vacancy_id = ${r.vacancyId} and user_id = ${r.userId}`);
    }
    for (const link of snap.combined) {
      await tx.execute(sql`insert into vacancy_candidates select * from jsonb_populate_record(null::vacancy_candidates, ${JSON.stringify(link.loser)}::jsonb) on conflict do nothing`);
      // the survivor's own stage comes back unless someone moved it since the merge
      await tx.execute(sql`update vacancy_candidates set stage = ${link.survivor.stage}, priority = ${link.survivor.priority}, stage_changed_at = ${link.survivor.stageChangedAt}::timestamptz
        where vacancy_id = ${link.loser.vacancy_id as string} and candidate_id = ${S} and stage = ${link.after.stage} and stage_changed_at = ${link.after.stageChangedAt}::timestamptz`);
    }
    for (const row of snap.droppedRatings) {
      await tx.execute(sql`insert into ratings select * from jsonb_populate_record(null::ratings, ${JSON.stringify(row)}::jsonb) on conflict do nothing`);
    }
    if (snap.grants.length) await tx.execute(sql`update consent_grants set candidate_id = ${L} where candidate_id = ${S} and recipient = any(${sql.param(snap.grants)}::text[])`);
    for (const row of snap.droppedGrants) {
      await tx.execute(sql`insert into consent_grants select * from jsonb_populate_record(null::consent_grants, ${JSON.stringify(row)}::jsonb) on conflict do nothing`);
    }
    if (snap.shortlists.length) await tx.execute(sql`update shortlist_candidates set candidate_id = ${L} where candidate_id = ${S} and shortlist_id = any(${sql.param(snap.shortlists)}::uuid[])`);
    for (const row of snap.droppedShortlists) {
      await tx.execute(sql`insert into shortlist_candidates select * from jsonb_populate_record(null::shortlist_candidates, ${JSON.stringify(row)}::jsonb) on conflict do nothing`);
    }

    const fields = snap.fields as Partial<Record<(typeof RESTORED)[number], unknown>>;
    const restored = {
      ...Object.fromEntries(RESTORED.map((key) => [key, fields[key]])),
      unconsentedSince: fields.unconsentedSince ? new Date(fields.unconsentedSince as string) : null,
    } as Partial<CandidateRow>;
    const set: Partial<CandidateRow> = { ...restored };
    const loserSet: Partial<CandidateRow> = { mergedInto: null };
    for (const file of snap.swapped) {
      for (const column of FIELD_COLUMNS[file]) {
        (set as Row)[column] = loser[column];
        (loserSet as Row)[column] = survivor[column];
      }
    }
    await tx
      .update(schema.candidates)
      .set({ ...set, search: storedSearchVector({ ...survivor, ...set }), updatedAt: new Date() })
      .where(eq(schema.candidates.id, S));
    await tx.update(schema.candidates).set({ ...loserSet, updatedAt: new Date() }).where(eq(schema.candidates.id, L));
    await tx.update(schema.candidateMerges).set({ undoneAt: new Date(), undoneBy: user.id }).where(eq(schema.candidateMerges.id, merge.id));
    const details = { merge: merge.id, survivor: survivor.number, merged: loser.number };
    await audit(tx, { spaceId, actor: { kind: 'user', user }, action: 'merge_undo', candidateId: S, details });
    await audit(tx, { spaceId, actor: { kind: 'user', user }, action: 'merge_undo', candidateId: L, details });
    return { otherId: L };
  });
}
