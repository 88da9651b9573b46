import { eq } from 'drizzle-orm';
import { endpoint, json, unauthorized } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { getDb, schema } from '../../../../../lib/server/db/index.ts';
import { readUploadForm, removeUpload, saveImage } from '../../../../../lib/server/uploads.ts';

/** The profile shows 96 px photos; 256 px stays sharp on 2.5x screens. */
const PHOTO_SIZE = 256;

/** Points users.image at `name` and returns the name it held, locked so that concurrent uploads cannot both keep the old one. */
async function replaceImage(userId: string, name: string): Promise<string | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ image: schema.users.image }).from(schema.users).where(eq(schema.users.id, userId)).for('update');
    if (!row) throw unauthorized();
    await tx.update(schema.users).set({ image: name }).where(eq(schema.users.id, userId));
    return row.image;
  });
}

/** SPEC.md §3 Upload: a multipart form with the field `file`; the answer names the image's file (served under /uploads). */
export const POST = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const form = await readUploadForm(request, { sender: user.id });
  const name = await saveImage(form.file, { size: PHOTO_SIZE });
  let previous: string | null;
  try {
    previous = await replaceImage(user.id, name);
  } catch (error) {
    await removeUpload(name);
    throw error;
  }
  await removeUpload(previous);
  return json({ image: name });
});
