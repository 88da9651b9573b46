import { AppError, endpoint, json, parse, tooMany } from '../../../../lib/server/http.ts';
import { Slots } from '../../../../lib/server/slots.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { searchCities } from '../../../../lib/server/catalog.ts';
import { CitySearchSchema } from '../../../../lib/schemas/catalog.ts';

/**
 * SPEC.md §7 `search/cities?q=&country=ru`: cities named in the signed-in user's language, or
 * in `?lng=` (the middleware has put either into `locals.locale`). Under 3 characters: [].
 */
/**
 * Searches running at once: a person typing needs one (the field waits for a pause), and a fuzzy
 * match costs up to tens of milliseconds of the database; 300 at once from one account had taken
 * the pool from everyone, whose requests then answered 503 (attack review).
 */
const searching = new Slots(6, 2);

export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals);
  const { q, country } = parse(CitySearchSchema, Object.fromEntries(url.searchParams));
  const release = searching.take(user.id);
  if (release === 'owner') throw tooMany();
  if (release === 'all') throw new AppError(503, 'error.common.unavailable');
  let cities;
  try {
    cities = await searchCities(q, locals.locale, undefined, country);
  } finally {
    release();
  }
  const response = json(cities);
  // the list changes only with a migration; a minute spares the typist's repeated prefixes
  response.headers.set('cache-control', 'private, max-age=60');
  return response;
});
