import { CandidateQuerySchema, type CandidateQuery } from '../../lib/schemas/candidate.ts';
import { toParams, type DatabaseFilter } from './filter.ts';
import { PAGE_SIZE } from './limits.ts';

const FIELDS = ['search', 'positionName', 'salaryFrom', 'salaryTo', 'city', 'ageFrom', 'ageTo', 'schedule', 'sort'] as const;

/**
 * Reads the filter from a URL query. A value that does not parse is dropped field by field, so
 * a mistyped link still opens the list. Schedules come as `1,3` or, from the plain form, as
 * repeated `schedule=` fields.
 */
export function parseFilter(params: URLSearchParams): DatabaseFilter {
  const input: Record<string, string> = {};
  for (const key of FIELDS) {
    const values = params.getAll(key).filter((v) => v.trim() !== '');
    if (values.length) input[key] = key === 'schedule' ? values.join(',') : values[values.length - 1]!;
  }
  let parsed = CandidateQuerySchema.safeParse(input);
  for (let attempt = 0; !parsed.success && attempt < FIELDS.length; attempt++) {
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
    parsed = CandidateQuerySchema.safeParse(input);
  }
  const value = parsed.success ? parsed.data : CandidateQuerySchema.parse({});
  const nonNegative = (n: number | undefined) => (n !== undefined && n >= 0 ? n : undefined);
  const city = value.city !== undefined && Number.isInteger(value.city) && value.city > 0 ? value.city : undefined;
  return {
    search: value.search,
    positionName: value.positionName,
    salaryFrom: nonNegative(value.salaryFrom),
    salaryTo: nonNegative(value.salaryTo),
    city,
    cityName: city !== undefined ? params.get('cityName')?.trim().slice(0, 100) || undefined : undefined,
    ageFrom: nonNegative(value.ageFrom),
    ageTo: nonNegative(value.ageTo),
    schedule: value.schedule ?? [],
    sort: value.sort,
  };
}

/** The query of one page of the database (without the candidates already on the vacancy, when there is one). */
export function databaseQuery(filter: DatabaseFilter, vacancyId?: string, page = 1): CandidateQuery {
  return CandidateQuerySchema.parse({ ...Object.fromEntries(toParams(filter, { forApi: true })), page: String(page), limit: String(PAGE_SIZE), ...(vacancyId ? { excludeVacancyId: vacancyId } : {}) });
}
