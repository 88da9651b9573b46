import { eq } from 'drizzle-orm';
import { endpoint, forbidden, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { getDb, schema } from '../../../../lib/server/db/index.ts';
import { findVisibleCandidate, mayManageCandidates } from '../../../../lib/server/candidates.ts';
import { readUploadForm, removeResume, saveResume } from '../../../../lib/server/uploads.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** A candidate's resume (.pdf, .doc, .docx by content): multipart `file` and `candidateId`. */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const form = await readUploadForm(request, { tooLargeKey: 'error.upload.resume_too_large' });
  const candidate = await findVisibleCandidate(user, String(form.candidateId ?? ''));
  if (!mayManageCandidates(user)) throw forbidden();
  const { name, original } = await saveResume(form.file);
  const db = await getDb();
  await db.update(schema.candidates).set({ resume: name, resumeName: original, updatedAt: new Date() }).where(eq(schema.candidates.id, candidate.id));
  await removeResume(candidate.resume);
  return json({ resume: `/api/v1/candidates/${candidate.id}/resume`, resumeName: original });
});
