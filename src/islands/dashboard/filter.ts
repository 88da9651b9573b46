import { PERIODS, VACANCY_STATUS, type Period, type VacancyStatus } from '../../lib/vacancy-values.ts';
import type { VacancyFilter } from '../../lib/schemas/vacancy.ts';

/** Searches and name filters shorter than this are not applied (SPEC.md §9). */
export const MIN_SEARCH = 3;
/** The debounce of the search boxes (DECISIONS.md, Vacancy). */
export const DEBOUNCE_MS = 300;

/** The dashboard's filter as the page URL holds it; `cityName` only labels the chosen city. */
export interface DashboardFilter {
  period: Period;
  search?: string;
  positionName?: string;
  city?: number;
  cityName?: string;
  salaryFrom?: number;
  salaryTo?: number;
  customer?: string;
  status: VacancyStatus;
}

export const DEFAULT_FILTER: DashboardFilter = { period: 'all', status: VACANCY_STATUS.PUBLISHED };

export { PERIODS };

/** The filter as `listVacancies` takes it (without the city's label). */
export function toVacancyFilter(filter: DashboardFilter): VacancyFilter {
  const { period, search, positionName, city, salaryFrom, salaryTo, customer, status } = filter;
  return { period, search, positionName, city, salaryFrom, salaryTo, customer, status };
}

/** The filter as query parameters, defaults and empty values left out; `forApi` drops the city's label. */
export function toParams(filter: DashboardFilter, { forApi = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  const put = (key: string, value: string | number | undefined) => {
    if (value === undefined || value === '' || (typeof value === 'number' && Number.isNaN(value))) return;
    params.set(key, String(value));
  };
  if (filter.period !== DEFAULT_FILTER.period) put('period', filter.period);
  put('search', filter.search);
  put('positionName', filter.positionName);
  put('city', filter.city);
  if (!forApi && filter.city !== undefined) put('cityName', filter.cityName);
  put('salaryFrom', filter.salaryFrom);
  put('salaryTo', filter.salaryTo);
  put('customer', filter.customer);
  if (filter.status !== DEFAULT_FILTER.status) put('status', filter.status);
  return params;
}

/** `path?query`, or the bare path for the default filter. */
export function filterUrl(path: string, filter: DashboardFilter): string {
  const query = toParams(filter).toString();
  return query ? `${path}?${query}` : path;
}

/** How many of the filter modal's fields differ from their defaults (the badge on its icon). */
export function activeFilters(filter: DashboardFilter): number {
  return [filter.positionName, filter.city, filter.salaryFrom, filter.salaryTo, filter.customer].filter((v) => v !== undefined).length + (filter.status !== DEFAULT_FILTER.status ? 1 : 0);
}

/** True when nothing narrows the list: no search, no modal filter, the whole period. */
export function isDefault(filter: DashboardFilter): boolean {
  return filter.period === DEFAULT_FILTER.period && filter.search === undefined && activeFilters(filter) === 0;
}
