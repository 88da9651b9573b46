import { endpoint, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { findVisibleCandidate, mayManageCandidates, replaceCandidateFile } from '../../../../lib/server/candidates.ts';
import { forbidden } from '../../../../lib/server/http.ts';
import { readUploadForm, removeUpload, saveImage } from '../../../../lib/server/uploads.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** A candidate's photo: multipart `file` and `candidateId`; the answer names the image's file (served under /uploads). */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const form = await readUploadForm(request, { sender: user.id });
  const candidate = await findVisibleCandidate(user, String(form.candidateId ?? ''));
  if (!mayManageCandidates(user)) throw forbidden();
  const name = await saveImage(form.file, { size: 256 });
  let previous: string | null;
  try {
    previous = await replaceCandidateFile(candidate.id, { image: name });
  } catch (error) {
    await removeUpload(name);
    throw error;
  }
  await removeUpload(previous);
  return json({ image: name });
});
