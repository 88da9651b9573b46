import { endpoint, json } from '../../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../../lib/server/auth/context.ts';
import { findVisible } from '../../../../../../lib/server/vacancies.ts';
import { stageCounts } from '../../../../../../lib/server/funnel.ts';

/** Counts per stage; `all` is what the spec's statistics response calls all. */
export const GET = endpoint(async ({ locals, params }) => {
  const vacancy = await findVisible(requireUser(locals), params.id!);
  return json((await stageCounts([vacancy.id])).get(vacancy.id));
});
