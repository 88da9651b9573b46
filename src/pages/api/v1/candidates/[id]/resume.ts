import { endpoint } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { findVisibleCandidate } from '../../../../../lib/server/candidates.ts';
import { resumeResponse } from '../../../../../lib/server/uploads.ts';

/** Resumes are personal data: only people who see the candidate download it, never a public URL. */
export const GET = endpoint(async ({ locals, params }) => resumeResponse(await findVisibleCandidate(requireUser(locals), params.id!)));
