import { endpoint, json } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { exportCandidate } from '../../../../../lib/server/rights.ts';
import { RECRUITER_ROLES } from '../../../../../lib/routes.ts';

/** Mails the candidate a link to a copy of their data (docs/decisions/0025); the queue builds it. */
export const POST = endpoint(async ({ locals, params }) => json(await exportCandidate(requireUser(locals, RECRUITER_ROLES), params.id!), { status: 202 }));
