import { MAX_UPLOAD_BYTES } from '../schemas/upload.ts';

/** JSON and form bodies: far more than any form of ours sends, far less than a flood. */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Room for the multipart boundaries, headers and small extra fields around an uploaded file. */
export const FORM_OVERHEAD_BYTES = 64 * 1024;
/** The largest body an upload endpoint reads. */
export const UPLOAD_BODY_LIMIT_BYTES = MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES;

/** The endpoints that take a file, with the error a too large one answers. */
const UPLOADS: Record<string, string> = {
  '/api/v1/users/profile/photo': 'error.upload.image_too_large',
  '/api/v1/candidates/photo': 'error.upload.image_too_large',
  '/api/v1/candidates/resume': 'error.upload.resume_too_large',
  '/api/v1/candidates/parse-resume': 'error.upload.resume_too_large',
};

const CAREERS_VACANCY = /^(?:\/[a-z]{2})?\/jobs\/[^/]+\/[^/]+\/?$/;

/**
 * The most a request to `pathname` may send, and the error key of a larger one; the server
 * entry refuses more before reading it. Every endpoint but an upload reads at most BODY_LIMIT_BYTES.
 */
export function bodyLimitFor(pathname: string): { limit: number; key: string } {
  const small = { limit: BODY_LIMIT_BYTES, key: 'error.common.body_too_large' };
  // the router resolves dot segments ('/jobs/../profile' is the profile page, and so is
  // '/jobs/%2e%2e/profile'): only a path that is already what the router will read may name an
  // upload endpoint, or any page could be sent 10 MB through a careers address
  if (!pathname.startsWith('/') || new URL(pathname, 'http://localhost').pathname !== pathname) return small;
  // a careers page's apply form posts its résumé to the vacancy's own public page (docs/decisions/0027)
  const uploadKey = UPLOADS[pathname] ?? (CAREERS_VACANCY.test(pathname) ? 'error.upload.resume_too_large' : undefined);
  return uploadKey ? { limit: UPLOAD_BODY_LIMIT_BYTES, key: uploadKey } : small;
}
