import { endpoint } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { resumeFor } from '../../../../../lib/server/candidates.ts';
import { resumeResponse } from '../../../../../lib/server/uploads.ts';

/**
 * Resumes are personal data: only people who see the candidate download it, never a public URL,
 * and a customer only with the candidate's consent to share with them (docs/decisions/0022).
 */
export const GET = endpoint(async ({ locals, params }) => resumeResponse(await resumeFor(requireUser(locals), params.id!)));
