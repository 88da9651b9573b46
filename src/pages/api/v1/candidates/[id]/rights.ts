import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { listRightsRequests } from '../../../../../lib/server/rights.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

/** The candidate's requests about their data (copy, erasure) and the copies sent, newest first. */
export const GET = endpoint(async ({ locals, params }) => json({ requests: await listRightsRequests(requireUser(locals, RECRUITER_ROLES), params.id!) }));
