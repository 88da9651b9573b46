import fs from 'node:fs/promises';
import path from 'node:path';
import { endpoint, notFound } from '../../../../../lib/server/http.ts';
import { requireUser } from '../../../../../lib/server/auth/context.ts';
import { findVisibleCandidate } from '../../../../../lib/server/candidates.ts';
import { RESUME_NAME, RESUME_TYPES, resumesDir } from '../../../../../lib/server/uploads.ts';

/** Resumes are personal data: only people who see the candidate download it, never a public URL. */
export const GET = endpoint(async ({ locals, params }) => {
  const candidate = await findVisibleCandidate(requireUser(locals), params.id!);
  if (!candidate.resume || !RESUME_NAME.test(candidate.resume)) throw notFound();
  const bytes = await fs.readFile(path.join(resumesDir(), candidate.resume)).catch(() => undefined);
  if (!bytes) throw notFound();
  const kind = candidate.resume.split('.').pop() as keyof typeof RESUME_TYPES;
  const filename = candidate.resumeName ?? `resume.${kind}`;
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': RESUME_TYPES[kind],
      'content-disposition': `attachment; filename="resume.${kind}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
});
