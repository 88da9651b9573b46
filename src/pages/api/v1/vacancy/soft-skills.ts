import { endpoint, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { listSoftSkills } from '../../../../lib/server/catalog.ts';

/** SPEC.md §7 `vacancy/soft-skills`: the whole catalogue, both languages, main skills first. */
export const GET = endpoint(async ({ locals }) => {
  requireUser(locals);
  const response = json(await listSoftSkills());
  // the catalogue changes only with a migration
  response.headers.set('cache-control', 'private, max-age=300');
  return response;
});
