// The city and soft-skill catalogues as the API and the islands see them (SPEC.md §3, §5, §7).
import * as z from 'zod/mini';
import { optionalText } from './common.ts';

export type { SoftSkillDto } from './vacancy.ts';

/** SPEC.md §5: the city search starts after 3 typed characters. */
export const CITY_QUERY_MIN = 3;
/** At most this many cities come back for one query. */
export const CITY_SEARCH_LIMIT = 20;
/** SPEC.md §5: the country is limited to Russia. */
export const COUNTRIES = ['ru'] as const;
export type Country = (typeof COUNTRIES)[number];

/** A city in one language: SPEC.md's id and name, plus the region to tell namesakes apart. */
export interface CityDto {
  id: number;
  name: string;
  region: string | null;
}

/** `GET search/cities?q=&country=ru`; a missing country is Russia, any other is refused. */
export const CitySearchSchema = z.object({
  q: optionalText(100),
  country: z._default(z.enum(COUNTRIES, { error: 'validation.country_invalid' }), 'ru'),
});
export type CitySearchInput = z.input<typeof CitySearchSchema>;
