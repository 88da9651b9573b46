/** SPEC.md §5: an uploaded file is at most 10 MB by default; the browser checks before sending. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
