import { endpoint } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { resumeFor } from '../../../../../lib/server/candidates.ts';
import { resumeResponse } from '../../../../../lib/server/uploads.ts';

/**
 * Resumes are personal data: only people who see the candidate download it, never a public URL,
 * and a customer only with the candidate's consent to share with them (docs/decisions/0022).
 * Every read is in the space's log (docs/decisions/0025).
 */
export const GET = endpoint(async ({ locals, params }) => {
  const user = requireUser(locals);
  return resumeResponse(await resumeFor(user, params.id!), user.id);
});
