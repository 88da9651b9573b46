import { VacancyFilterSchema } from '../../lib/schemas/vacancy.ts';
import { DEFAULT_FILTER, MIN_SEARCH, type DashboardFilter } from './filter.ts';

// Apart from filter.ts: reading a URL needs the vacancy schema (zod), which the board needs only
// when the browser goes back or forward, so it loads then and not before the board works.

const long = (value: string | undefined) => (value && value.trim().length >= MIN_SEARCH ? value.trim() : undefined);

/**
 * Reads the filter from a URL query. A value that does not parse falls back to its default,
 * field by field, so a mistyped or stale link still opens the list instead of an error.
 * A customer who is not one of `customers` (when given) is dropped too.
 */
export function parseFilter(params: URLSearchParams, customers?: readonly { id?: string }[]): DashboardFilter {
  const input: Record<string, string> = Object.fromEntries(params);
  let parsed = VacancyFilterSchema.safeParse(input);
  for (let attempt = 0; !parsed.success && attempt < 10; attempt++) {
    for (const issue of parsed.error.issues) delete input[String(issue.path[0])];
    parsed = VacancyFilterSchema.safeParse(input);
  }
  const value = parsed.success ? parsed.data : { ...DEFAULT_FILTER };
  const customer = value.customer && value.customer !== 'all' && (!customers || customers.some((c) => c.id === value.customer)) ? value.customer : undefined;
  const cityName = value.city !== undefined ? params.get('cityName')?.trim().slice(0, 100) || undefined : undefined;
  return {
    period: value.period,
    search: long(value.search),
    positionName: long(value.positionName),
    city: value.city,
    cityName,
    salaryFrom: value.salaryFrom,
    salaryTo: value.salaryTo,
    customer,
    status: value.status,
  };
}
