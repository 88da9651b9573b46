import type { StageCounts } from '../schemas/vacancy.ts';

export const EMPTY_COUNTS: StageCounts = { all: 0, new: 0, recruiterInterview: 0, testing: 0, customerInterview: 0, finalist: 0, hired: 0, archive: 0 };

/**
 * Candidates per stage for each vacancy. The candidate funnel arrives with the candidates issue;
 * until then every vacancy truly has none.
 */
export async function stageCounts(vacancyIds: string[]): Promise<Map<string, StageCounts>> {
  return new Map(vacancyIds.map((id) => [id, { ...EMPTY_COUNTS }]));
}

/** Editing is forbidden once a candidate reached the finalist or hired stage (DECISIONS.md). */
export async function hasFinalists(_vacancyId: string): Promise<boolean> {
  return false;
}
