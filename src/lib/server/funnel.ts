import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { STAGE } from '../schemas/candidate.ts';
import type { StageCounts } from '../schemas/vacancy.ts';

export const EMPTY_COUNTS: StageCounts = { all: 0, new: 0, recruiterInterview: 0, testing: 0, customerInterview: 0, finalist: 0, hired: 0, archive: 0 };

const KEY_OF_STAGE: Record<number, keyof StageCounts> = {
  [STAGE.NEW]: 'new',
  [STAGE.RECRUITER_INTERVIEW]: 'recruiterInterview',
  [STAGE.TESTING]: 'testing',
  [STAGE.CUSTOMER_INTERVIEW]: 'customerInterview',
  [STAGE.FINALIST]: 'finalist',
  [STAGE.HIRED]: 'hired',
  [STAGE.ARCHIVE]: 'archive',
};

/** Candidates per stage for each vacancy; `all` counts everyone on it, archive included. */
export async function stageCounts(vacancyIds: string[]): Promise<Map<string, StageCounts>> {
  const counts = new Map(vacancyIds.map((id) => [id, { ...EMPTY_COUNTS }]));
  if (!vacancyIds.length) return counts;
  const db = await getDb();
  const rows = await db
    .select({ vacancyId: schema.vacancyCandidates.vacancyId, stage: schema.vacancyCandidates.stage, n: sql<number>`count(*)::int` })
    .from(schema.vacancyCandidates)
    .where(inArray(schema.vacancyCandidates.vacancyId, vacancyIds))
    .groupBy(schema.vacancyCandidates.vacancyId, schema.vacancyCandidates.stage);
  for (const { vacancyId, stage, n } of rows) addToCounts(counts.get(vacancyId)!, stage, n);
  return counts;
}

function addToCounts(entry: StageCounts, stage: number, n: number): void {
  entry.all += n;
  entry[KEY_OF_STAGE[stage]!] += n;
}

/** One vacancy's counts from its [stage, count] pairs, as a query aggregated them in SQL. */
export function countsFrom(pairs: readonly (readonly [number, number])[]): StageCounts {
  const entry = { ...EMPTY_COUNTS };
  for (const [stage, n] of pairs) addToCounts(entry, stage, n);
  return entry;
}

/** Editing is forbidden once a candidate reached the finalist or hired stage (DECISIONS.md). */
export async function hasFinalists(vacancyId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ one: sql`1` })
    .from(schema.vacancyCandidates)
    .where(and(eq(schema.vacancyCandidates.vacancyId, vacancyId), inArray(schema.vacancyCandidates.stage, [STAGE.FINALIST, STAGE.HIRED])))
    .limit(1);
  return Boolean(row);
}
