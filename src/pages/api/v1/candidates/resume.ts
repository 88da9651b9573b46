import { endpoint, forbidden, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { findVisibleCandidate, mayManageCandidates, replaceCandidateFile } from '../../../../lib/server/candidates.ts';
import { readUploadForm, removeResume, saveResume } from '../../../../lib/server/uploads.ts';
import { takeDraft } from '../../../../lib/server/resume-import.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/**
 * A candidate's resume (.pdf, .doc, .docx by content): multipart `file` and `candidateId`, or
 * `draft` instead of `file`: the name candidates/parse-resume answered, of the same space. The
 * answer names the stored file; it is downloaded only from `candidates/{id}/resume`, never
 * under /uploads.
 */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const form = await readUploadForm(request, { tooLargeKey: 'error.upload.resume_too_large', sender: user.id });
  const candidate = await findVisibleCandidate(user, String(form.candidateId ?? ''));
  if (!mayManageCandidates(user)) throw forbidden();
  const { name, original } = typeof form.draft === 'string' && !(form.file instanceof File) ? await takeDraft(user, form.draft) : await saveResume(form.file);
  let previous: string | null;
  try {
    previous = await replaceCandidateFile(candidate.id, { resume: name, resumeName: original });
  } catch (error) {
    await removeResume(name);
    throw error;
  }
  await removeResume(previous);
  return json({ resume: name, resumeName: original });
});
