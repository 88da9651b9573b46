import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import { hiddenName, identityShown } from './privacy.ts';
import { getDb, schema } from './db/index.ts';
import { findVisible } from './vacancies.ts';
import { mergedMonths, newestFirst } from '../experience.ts';
import { staysOf } from '../funnel-analytics.ts';
import { STAGE, type Stage } from '../schemas/candidate.ts';
import type { Locale } from '../i18n/index.ts';
import type { UserRow } from './users.ts';
import { UUID } from '../uuid.ts';

/** Columns a printed A4 page can hold side by side; a longer selection is cut to these. */
export const MAX_COMPARED = 6;

export interface ComparedCandidate {
  id: string;
  name: string;
  surname: string;
  positionName: string;
  salary: number | null;
  salaryTo: number | null;
  city: string | null;
  stage: Stage;
  experienceMonths: number;
  /** The latest jobs, newest first, at most three. */
  recentJobs: { companyName: string; positionName: string; from: string; to: string | null }[];
  ratings: { by: string; score: number; comment: string }[];
  average: number | null;
  interviews: { startsAt: string; kind: string }[];
  /** Milliseconds spent in each stage the candidate has been in, in funnel order. */
  stageTimes: { stage: Stage; ms: number }[];
}

export interface FinalistSheet {
  vacancy: { id: string; positionName: string };
  /** True when the page shows a chosen selection, not the vacancy's finalists. */
  selection: boolean;
  candidates: ComparedCandidate[];
  /** The vacancy's finalists in all (of whom at most MAX_COMPARED, the highest priority first, are shown). */
  finalists: number;
  /** Which MAX_COMPARED of them, from 1: the next page shows the next ones. */
  page: number;
}

/**
 * Time in each stage from the funnel's stage moves: the candidate entered the first stage when
 * added to the vacancy, each move ends one stay and starts the next, and the current stay runs
 * to `now`. Returning to a stage adds to its total.
 */
export function stageTimes(addedAt: Date, current: Stage, moves: { from: Stage; to: Stage; at: Date }[], now: Date): { stage: Stage; ms: number }[] {
  const totals = new Map<Stage, number>();
  for (const stay of staysOf({ addedAt, stage: current, moves }, now.getTime())) totals.set(stay.stage, (totals.get(stay.stage) ?? 0) + stay.to - stay.from);
  return [...totals].sort(([a], [b]) => a - b).map(([stage, ms]) => ({ stage, ms }));
}

/**
 * The vacancy's finalists, or the chosen candidates of the vacancy, side by side (issue 14, item
 * 2). Whoever may see the vacancy may see the sheet; ids not on the vacancy are left out.
 */
export async function finalistSheet(user: UserRow, vacancyId: string, locale: Locale, chosen: string[] = [], { page: asked = 1, now = new Date() }: { page?: number; now?: Date } = {}): Promise<FinalistSheet> {
  const vacancy = await findVisible(user, vacancyId);
  const ids = [...new Set(chosen.filter((id) => UUID.test(id)))].slice(0, MAX_COMPARED);
  const selection = ids.length > 0;
  // no vacancy has thousands of finalists: a page past the last shows none, and says so
  const page = selection || !Number.isSafeInteger(asked) || asked < 1 || asked > 1000 ? 1 : asked;
  const db = await getDb();
  const vc = schema.vacancyCandidates;
  const rows = await db
    .select({ link: vc, candidate: schema.candidates, city: locale === 'ru' ? schema.cities.nameRu : schema.cities.nameEn, shown: identityShown(user, vc.candidateId) })
    .from(vc)
    .innerJoin(schema.candidates, eq(schema.candidates.id, vc.candidateId))
    .leftJoin(schema.cities, eq(schema.cities.id, schema.candidates.cityId))
    .where(and(eq(vc.vacancyId, vacancy.id), selection ? inArray(vc.candidateId, ids) : eq(vc.stage, STAGE.FINALIST)))
    .orderBy(desc(vc.priority), asc(vc.createdAt), asc(vc.candidateId))
    .limit(MAX_COMPARED)
    .offset((page - 1) * MAX_COMPARED);
  const candidateIds = rows.map((r) => r.candidate.id);
  // a page of more would be unreadable, so past MAX_COMPARED the page says how many it leaves out
  const finalists = selection || (page === 1 && rows.length < MAX_COMPARED) ? rows.length : (await db.select({ n: count() }).from(vc).where(and(eq(vc.vacancyId, vacancy.id), eq(vc.stage, STAGE.FINALIST))))[0]!.n;
  if (!candidateIds.length) return { vacancy: { id: vacancy.id, positionName: vacancy.positionName }, selection, candidates: [], finalists, page };

  const [ratings, interviews, moves] = await Promise.all([
    db
      .select({ candidateId: schema.ratings.candidateId, score: schema.ratings.score, comment: schema.ratings.comment, name: schema.users.name, surname: schema.users.surname })
      .from(schema.ratings)
      .innerJoin(schema.users, eq(schema.users.id, schema.ratings.userId))
      .where(and(eq(schema.ratings.vacancyId, vacancy.id), inArray(schema.ratings.candidateId, candidateIds)))
      .orderBy(desc(schema.ratings.createdAt)),
    db
      .select({ candidateId: schema.interviews.candidateId, startsAt: schema.interviews.startsAt, kind: schema.interviews.kind })
      .from(schema.interviews)
      .where(and(eq(schema.interviews.vacancyId, vacancy.id), inArray(schema.interviews.candidateId, candidateIds)))
      .orderBy(asc(schema.interviews.startsAt)),
    db
      .select({ candidateId: schema.funnelEvents.candidateId, from: schema.funnelEvents.fromValue, to: schema.funnelEvents.toValue, at: schema.funnelEvents.createdAt })
      .from(schema.funnelEvents)
      .where(and(eq(schema.funnelEvents.vacancyId, vacancy.id), eq(schema.funnelEvents.kind, 'stage'), inArray(schema.funnelEvents.candidateId, candidateIds)))
      .orderBy(asc(schema.funnelEvents.createdAt)),
  ]);

  const candidates = rows.map(({ link, candidate, city, shown }): ComparedCandidate => {
    const own = ratings.filter((r) => r.candidateId === candidate.id);
    const jobs = newestFirst(candidate.jobExperience);
    return {
      id: candidate.id,
      // a customer without the candidate's consent reads "Candidate 4812" (docs/decisions/0022)
      name: shown ? candidate.name : hiddenName(candidate.number, locale),
      surname: shown ? candidate.surname : '',
      positionName: candidate.positionName,
      salary: candidate.salary,
      salaryTo: candidate.salaryTo,
      city,
      stage: link.stage as Stage,
      experienceMonths: mergedMonths(jobs, now),
      recentJobs: jobs.slice(0, 3).map(({ companyName, positionName, from, to }) => ({ companyName, positionName, from, to })),
      ratings: own.map((r) => ({ by: `${r.name} ${r.surname}`.trim(), score: r.score, comment: r.comment })),
      average: own.length ? Math.round((own.reduce((sum, r) => sum + r.score, 0) / own.length) * 10) / 10 : null,
      interviews: interviews.filter((i) => i.candidateId === candidate.id).map((i) => ({ startsAt: i.startsAt.toISOString(), kind: i.kind })),
      stageTimes: stageTimes(
        link.createdAt,
        link.stage as Stage,
        moves.filter((m) => m.candidateId === candidate.id).map((m) => ({ from: Number(m.from) as Stage, to: Number(m.to) as Stage, at: m.at })),
        now,
      ),
    };
  });
  return { vacancy: { id: vacancy.id, positionName: vacancy.positionName }, selection, candidates, finalists, page };
}
