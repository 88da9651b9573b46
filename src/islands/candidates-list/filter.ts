import { SORTS, type Sort } from '../../lib/candidate-sorts.ts';

/** The database page's filter panel as the page URL holds it; `cityName` only labels the city. */
export interface DatabaseFilter {
  search?: string;
  positionName?: string;
  salaryFrom?: number;
  salaryTo?: number;
  city?: number;
  cityName?: string;
  ageFrom?: number;
  ageTo?: number;
  schedule: number[];
  sort: Sort;
}

/**
 * The filter's shape and its URL, without zod: the list's island needs these at once, and zod
 * (about 9 KB gzip) only when it reads a URL back (filter-url.ts, on back and forward).
 */

/** SPEC.md §9: created descending unless the person picks another order. */
export const DEFAULT_FILTER: DatabaseFilter = { schedule: [], sort: 'createdAtDesc' };

/** Empty, undefined and NaN values are left out of a query. */
function put(params: URLSearchParams, key: string, value: string | number | undefined): void {
  if (value === undefined || (typeof value === 'string' && value.trim() === '') || (typeof value === 'number' && !Number.isFinite(value))) return;
  params.set(key, typeof value === 'string' ? value.trim() : String(value));
}

/** The filter as query parameters, without empty values; the URL leaves out the default sort. */
export function toParams(filter: DatabaseFilter, { forApi = false } = {}): URLSearchParams {
  const params = new URLSearchParams();
  put(params, 'search', filter.search);
  put(params, 'positionName', filter.positionName);
  put(params, 'salaryFrom', filter.salaryFrom);
  put(params, 'salaryTo', filter.salaryTo);
  put(params, 'city', filter.city);
  if (!forApi && filter.city !== undefined) put(params, 'cityName', filter.cityName);
  put(params, 'ageFrom', filter.ageFrom);
  put(params, 'ageTo', filter.ageTo);
  if (filter.schedule.length) params.set('schedule', [...filter.schedule].sort().join(','));
  if (forApi || filter.sort !== DEFAULT_FILTER.sort) params.set('sort', filter.sort);
  return params;
}

/** `path?query`, or the bare path for the default filter. */
export function filterUrl(path: string, filter: DatabaseFilter): string {
  const query = toParams(filter).toString();
  return query ? `${path}?${query}` : path;
}

/** How many panel fields narrow the list (the badge on the phone's Filters button). */
export function activeFilters(filter: DatabaseFilter): number {
  const set = [filter.search, filter.positionName, filter.salaryFrom, filter.salaryTo, filter.city, filter.ageFrom, filter.ageTo].filter((v) => v !== undefined).length;
  return set + (filter.schedule.length ? 1 : 0) + (filter.sort !== DEFAULT_FILTER.sort ? 1 : 0);
}

/** Whether a sort name is one the API knows. */
export const isSort = (value: string): value is Sort => (SORTS as readonly string[]).includes(value);

/** A number field as typed: '1 000' and '1,5' read as people write them; `null` when it is not a number. */
export function typedNumber(text: string): number | undefined | null {
  if (!text.trim()) return undefined;
  const n = Number(text.replace(/[\s\u00a0]/g, '').replace(',', '.'));
  return Number.isFinite(n) ? n : null;
}

/**
 * What is wrong with a range of the panel, if anything: a bound that is not a number from 0 to
 * `max` (the server refuses it), or an upper bound below the lower one (it would find nobody).
 */
export function rangeProblem(from: string, to: string, max: number): 'bounds' | 'order' | undefined {
  const [low, high] = [typedNumber(from), typedNumber(to)];
  const outside = (n: number | undefined | null) => n === null || (n !== undefined && (n < 0 || n > max));
  if (outside(low) || outside(high)) return 'bounds';
  return typeof low === 'number' && typeof high === 'number' && low > high ? 'order' : undefined;
}

/**
 * The panel's fields as typed (all text) into a filter: blanks, undefined and what is not a
 * number (NaN) are dropped rather than sent. The city counts only once picked (it has an id).
 */
export function fromForm(values: { search: string; positionName: string; salaryFrom: string; salaryTo: string; ageFrom: string; ageTo: string; schedule: number[]; sort: string }, city: { id?: number; name: string }): DatabaseFilter {
  const text = (v: string) => (v.trim() ? v.trim().slice(0, 300) : undefined);
  const number = (v: string) => {
    const n = typedNumber(v);
    return n != null && n >= 0 ? Math.floor(n) : undefined;
  };
  return {
    search: text(values.search),
    positionName: text(values.positionName),
    salaryFrom: number(values.salaryFrom),
    salaryTo: number(values.salaryTo),
    city: city.id,
    cityName: city.id !== undefined ? city.name : undefined,
    ageFrom: number(values.ageFrom),
    ageTo: number(values.ageTo),
    schedule: [...new Set(values.schedule)].filter((s) => s === 1 || s === 2 || s === 3).sort(),
    sort: isSort(values.sort) ? values.sort : DEFAULT_FILTER.sort,
  };
}
