import { and, asc, desc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { identityShown, withIdentity } from './privacy.ts';
import { getDb, schema } from './db/index.ts';
import { stageCounts } from './funnel.ts';
import type { Locale } from '../i18n/index.ts';
import { STAGE } from '../schemas/funnel.ts';
import { VACANCY_STATUS, type StageCounts, type VacancyStatus } from '../schemas/vacancy.ts';
import type { UserRow } from './users.ts';

/** A candidate on one of the customer's vacancies, as the workspace lists them. */
export interface WorkspaceCandidate {
  id: string;
  name: string;
  surname: string;
  image: string | null;
  positionName: string;
  vacancyId: string;
  stage: number;
  stageChangedAt: string;
  /** The customer's own score, when they gave one. */
  myScore: number | null;
}

export interface WorkspaceVacancy {
  id: string;
  positionName: string;
  status: VacancyStatus;
  city: string | null;
  counts: StageCounts;
  /** Candidates whose move it is: customer interview and finalist (DECISIONS.md, Whose move it is). */
  waiting: WorkspaceCandidate[];
}

export interface Workspace {
  vacancies: WorkspaceVacancy[];
  archived: { id: string; positionName: string }[];
  /** Candidates still in the funnel on the customer's vacancies that the customer has not rated. */
  unrated: WorkspaceCandidate[];
  unratedTotal: number;
}

const WAITING = [STAGE.CUSTOMER_INTERVIEW, STAGE.FINALIST];
/** Still in the funnel: hired and archived candidates need no rating any more. */
const OPEN = [STAGE.NEW, STAGE.RECRUITER_INTERVIEW, STAGE.TESTING, STAGE.CUSTOMER_INTERVIEW, STAGE.FINALIST];
const UNRATED_SHOWN = 30;

/**
 * A customer's home (docs/decisions/0007): the published vacancies they are attached to with the
 * candidates waiting for them, the candidates they have not rated, and their archived vacancies.
 * Drafts are the recruiters' work in progress and stay out until published.
 */
export async function customerWorkspace(user: UserRow, locale: Locale): Promise<Workspace> {
  const db = await getDb();
  const v = schema.vacancies;
  const rows = await db
    .select({ id: v.id, positionName: v.positionName, status: v.status, city: locale === 'ru' ? schema.cities.nameRu : schema.cities.nameEn })
    .from(v)
    .innerJoin(schema.vacancyCustomers, and(eq(schema.vacancyCustomers.vacancyId, v.id), eq(schema.vacancyCustomers.userId, user.id)))
    .leftJoin(schema.cities, eq(schema.cities.id, v.cityId))
    .where(inArray(v.status, [VACANCY_STATUS.PUBLISHED, VACANCY_STATUS.ARCHIVED]))
    .orderBy(desc(v.createdAt))
    .limit(200);
  const live = rows.filter((r) => r.status === VACANCY_STATUS.PUBLISHED);
  const ids = live.map((r) => r.id);
  if (!ids.length) return { vacancies: [], archived: archivedOf(rows), unrated: [], unratedTotal: 0 };

  const vc = schema.vacancyCandidates;
  const c = schema.candidates;
  const myScore = sql<number | null>`(select r.score from ${schema.ratings} r where r.vacancy_id = ${vc.vacancyId} and r.candidate_id = ${vc.candidateId} and r.user_id = ${user.id})`;
  const columns = {
    id: c.id,
    name: c.name,
    surname: c.surname,
    image: c.image,
    number: c.number,
    shown: identityShown(user, c.id),
    positionName: c.positionName,
    vacancyId: vc.vacancyId,
    stage: vc.stage,
    stageChangedAt: vc.stageChangedAt,
    myScore,
  };
  const notRated = notExists(
    db
      .select({ one: sql`1` })
      .from(schema.ratings)
      .where(and(eq(schema.ratings.vacancyId, vc.vacancyId), eq(schema.ratings.candidateId, vc.candidateId), eq(schema.ratings.userId, user.id))),
  );
  const [counts, waiting, unrated, [total]] = await Promise.all([
    stageCounts(ids),
    db
      .select(columns)
      .from(vc)
      .innerJoin(c, eq(c.id, vc.candidateId))
      .where(and(inArray(vc.vacancyId, ids), inArray(vc.stage, WAITING)))
      // the longest wait first: that is whose turn is most overdue
      .orderBy(asc(vc.stageChangedAt)),
    db
      .select(columns)
      .from(vc)
      .innerJoin(c, eq(c.id, vc.candidateId))
      .where(and(inArray(vc.vacancyId, ids), inArray(vc.stage, OPEN), notRated))
      .orderBy(desc(vc.stage), asc(vc.stageChangedAt))
      .limit(UNRATED_SHOWN),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(vc)
      .where(and(inArray(vc.vacancyId, ids), inArray(vc.stage, OPEN), notRated)),
  ]);
  const dto = ({ number, shown, ...row }: (typeof waiting)[number]): WorkspaceCandidate => ({
    // "Candidate 4812" without a photo until the candidate agrees to share with this customer
    ...withIdentity(row, shown, number, locale),
    stageChangedAt: row.stageChangedAt.toISOString(),
    myScore: row.myScore === null ? null : Number(row.myScore),
  });
  return {
    vacancies: live.map((r) => ({
      id: r.id,
      positionName: r.positionName,
      status: r.status as VacancyStatus,
      city: r.city,
      counts: counts.get(r.id)!,
      waiting: waiting.filter((w) => w.vacancyId === r.id).map(dto),
    })),
    archived: archivedOf(rows),
    unrated: unrated.map(dto),
    unratedTotal: total?.n ?? 0,
  };
}

function archivedOf(rows: { id: string; positionName: string; status: number }[]) {
  return rows.filter((r) => r.status === VACANCY_STATUS.ARCHIVED).map(({ id, positionName }) => ({ id, positionName }));
}

