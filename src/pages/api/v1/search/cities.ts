import { endpoint, json, parse } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { searchCities } from '../../../../lib/server/catalog.ts';
import { CitySearchSchema } from '../../../../lib/schemas/catalog.ts';

/**
 * SPEC.md §7 `search/cities?q=&country=ru`: cities named in the signed-in user's language, or
 * in `?lng=` (the middleware has put either into `locals.locale`). Under 3 characters: [].
 */
export const GET = endpoint(async ({ locals, url }) => {
  requireUser(locals);
  const { q, country } = parse(CitySearchSchema, Object.fromEntries(url.searchParams));
  const response = json(await searchCities(q, locals.locale, undefined, country));
  // the list changes only with a migration; a minute spares the typist's repeated prefixes
  response.headers.set('cache-control', 'private, max-age=60');
  return response;
});
