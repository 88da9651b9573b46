import { endpoint, json, parse, readBody } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { eraseCandidate } from '../../../../../lib/server/rights.ts';
import { EraseSchema } from '../../../../../lib/schemas/rights.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

/** Anonymises the candidate for good (docs/decisions/0025): `{ "confirm": true }`. */
export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  parse(EraseSchema, await readBody(request));
  return json(await eraseCandidate(user, params.id!));
});
