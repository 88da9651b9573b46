/** SPEC.md §5: an uploaded file is at most 10 MB by default; the browser checks before sending. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * SPEC.md §3 and §7: the API names an uploaded image by its file name (`image`), served from
 * /uploads plus that name. Pages and islands build the address here.
 */
export const uploadUrl = (name: string) => `/uploads/${encodeURIComponent(name)}`;

/**
 * A résumé is named by its file name too (`resume`), but it is personal data: it is served only
 * through the access check, by its candidate, never under /uploads.
 */
export const resumeUrl = (candidateId: string) => `/api/v1/candidates/${encodeURIComponent(candidateId)}/resume`;
