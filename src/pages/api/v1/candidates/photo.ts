import { eq } from 'drizzle-orm';
import { endpoint, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { getDb, schema } from '../../../../lib/server/db/index.ts';
import { findVisibleCandidate, mayManageCandidates } from '../../../../lib/server/candidates.ts';
import { forbidden } from '../../../../lib/server/http.ts';
import { readUploadForm, removeUpload, saveImage, uploadUrl } from '../../../../lib/server/uploads.ts';
import { RECRUITER_ROLES } from '../../../../lib/routes.ts';

/** A candidate's photo: multipart `file` and `candidateId`; the answer has the image's URL. */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals, RECRUITER_ROLES);
  const form = await readUploadForm(request);
  const candidate = await findVisibleCandidate(user, String(form.candidateId ?? ''));
  if (!mayManageCandidates(user)) throw forbidden();
  const name = await saveImage(form.file, { size: 256 });
  const db = await getDb();
  await db.update(schema.candidates).set({ image: name, updatedAt: new Date() }).where(eq(schema.candidates.id, candidate.id));
  await removeUpload(candidate.image);
  return json({ image: uploadUrl(name) });
});
