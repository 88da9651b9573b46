import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { retentionSettings, saveRetentionSettings, upcomingErasures } from '../../../../lib/server/retention.ts';
import { RetentionSchema } from '../../../../lib/schemas/rights.ts';
import { COMPANY_ROLES, RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** The space's retention settings and who will be anonymised within 7 days (docs/decisions/0025). */
export const GET = endpoint(async ({ locals }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const [settings, upcoming] = await Promise.all([retentionSettings(user), upcomingErasures(user)]);
  return json({ ...settings, upcoming: upcoming.map((u) => ({ ...u, at: u.at.toISOString() })) });
});

/** The company changes them. */
export const PUT = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, COMPANY_ROLES);
  return json(await saveRetentionSettings(user, parse(RetentionSchema, await readBody(request))));
});
