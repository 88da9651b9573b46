import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import type { Locale } from '../i18n/index.ts';
import { CITY_QUERY_MIN, CITY_SEARCH_LIMIT, type CityDto, type Country, type SoftSkillDto } from '../schemas/catalog.ts';

// The cities and soft skills are seeded by migrations 0003 and 0004; see
// docs/decisions/0005-cities-and-soft-skills.md for where they come from.

const { cities, softSkills } = schema;

/**
 * The names as the search compares them: lower case, hyphens as spaces, ё as е. The same
 * expressions are indexed with pg_trgm (drizzle/0004_city_search_soft_skills.sql); the
 * literals stay in the SQL text so that the planner sees the indexed expressions.
 */
const NAME_RU = sql`translate(lower(${cities.nameRu}), 'ё-', 'е ')`;
const NAME_EN = sql`translate(lower(${cities.nameEn}), '-', ' ')`;
/** The Russian name in Latin letters, folded alike by its generated column ("sankt peterburg"). */
const NAME_LATIN = sql`${cities.nameLatin}`;

/** A typed query folded the way NAME_RU and NAME_EN are. */
export function foldCityQuery(q: string): string {
  return q.trim().toLowerCase().replace(/ё/g, 'е').replace(/[\s-]+/g, ' ');
}

/** Below this many characters a query is too short for "like": every Нов… town is like "новг". */
const FUZZY_FROM = 5;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The characters of a query a search reads (see searchCities). */
const CITY_QUERY_USED = 40;

const cityName = (lang: Locale) => (lang === 'ru' ? cities.nameRu : cities.nameEn);
const cityRegion = (lang: Locale) => (lang === 'ru' ? cities.regionRu : cities.regionEn);

/**
 * Cities of Russia whose Russian, English or Latin-lettered Russian name contains `q` ("Sankt"
 * finds Санкт-Петербург, "ekaterinburg" Yekaterinburg), named in `lang`. Fewer than 3 characters
 * find nothing (SPEC.md §5). Names starting with `q` come first, then names with a word starting
 * with it (Нижний Новгород for "новг"), then names containing it, the larger town first within
 * each: whoever types "Новосиб" or "Новос" means Новосибирск before Новосергиевка. Then names
 * merely like it (a typo, or Nizhniy for Nizhny, from 5 characters on), the closer first.
 */
export async function searchCities(q: string, lang: Locale, limit = CITY_SEARCH_LIMIT, country: Country = 'ru'): Promise<CityDto[]> {
  // no city's name is longer than 25 characters: past 40 a query cannot match, and its length is
  // what the fuzzy match's time grows with (100 characters of short words cost 0.2 s a search)
  const folded = [...foldCityQuery(q)].slice(0, CITY_QUERY_USED).join('');
  if ([...folded].length < CITY_QUERY_MIN) return [];
  const escaped = likeEscape(folded);
  const any = (pattern: string) => sql`(${NAME_RU} like ${pattern} or ${NAME_EN} like ${pattern} or ${NAME_LATIN} like ${pattern})`;
  const contains = any(`%${escaped}%`);
  // pg_trgm's word similarity: `name %> q` when some run of words of the name is like q (≥ 0.6)
  const fuzzy = [...folded].length >= FUZZY_FROM ? sql`or ${NAME_RU} %> ${folded} or ${NAME_EN} %> ${folded} or ${NAME_LATIN} %> ${folded}` : sql``;
  const db = await getDb();
  return db
    .select({ id: cities.id, name: cityName(lang), region: cityRegion(lang) })
    .from(cities)
    .where(and(eq(cities.country, country), sql`(${contains} ${fuzzy})`))
    .orderBy(
      sql`case when ${any(`${escaped}%`)} then 0 when ${any(`% ${escaped}%`)} then 1 when ${contains} then 2 else 3 end`,
      // closeness orders only the merely similar: among real matches the larger town wins
      sql`case when ${contains} then 1 else greatest(word_similarity(${folded}, ${NAME_RU}), word_similarity(${folded}, ${NAME_EN}), word_similarity(${folded}, ${NAME_LATIN})) end desc`,
      sql`${cities.population} desc`,
      asc(cities.id),
    )
    .limit(Math.max(1, Math.min(limit, 100)));
}

/** One city named in `lang`, or undefined. */
export async function getCity(id: number, lang: Locale): Promise<CityDto | undefined> {
  if (!Number.isSafeInteger(id)) return undefined;
  const db = await getDb();
  const [row] = await db.select({ id: cities.id, name: cityName(lang), region: cityRegion(lang) }).from(cities).where(eq(cities.id, id));
  return row;
}

/** Whether `id` is a city of `country` (a vacancy's city must be one, SPEC.md §5). */
export async function cityExists(id: number, country: Country = 'ru'): Promise<boolean> {
  if (!Number.isSafeInteger(id)) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: cities.id })
    .from(cities)
    .where(and(eq(cities.id, id), eq(cities.country, country)));
  return Boolean(row);
}

/** The whole soft-skill catalogue in both languages, main skills first (by `position`). */
export async function listSoftSkills(): Promise<SoftSkillDto[]> {
  const db = await getDb();
  const rows = await db.select().from(softSkills).orderBy(asc(softSkills.position), asc(softSkills.id));
  return rows.map((row) => ({ id: row.id, name: { en: row.nameEn, ru: row.nameRu }, main: row.main }));
}

/** Whether every id names a soft skill of the catalogue; repeats count once, none is true. */
export async function softSkillIdsExist(ids: readonly number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  // smallint ids: anything else cannot be one, and must not reach the query as a type error
  if (!unique.every((id) => Number.isInteger(id) && id >= -32768 && id <= 32767)) return false;
  if (!unique.length) return true;
  const db = await getDb();
  const rows = await db.select({ id: softSkills.id }).from(softSkills).where(inArray(softSkills.id, unique));
  return rows.length === unique.length;
}
