import { endpoint, json, parse } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { findDuplicates } from '../../../../lib/server/duplicates.ts';
import { DuplicateQuerySchema } from '../../../../lib/schemas/merge.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** The space's likely duplicates of what the candidate form holds, with why (docs/decisions/0029). */
export const GET = endpoint(async ({ locals, url }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const query = parse(DuplicateQuerySchema, Object.fromEntries(url.searchParams));
  if (!user.spaceId) return json({ data: [] });
  const data = await findDuplicates(user.spaceId, { email: query.email, phone: query.phone, name: query.name, surname: query.surname, birthDate: query.dob || null }, query.excludeId || undefined);
  return json({ data });
});
