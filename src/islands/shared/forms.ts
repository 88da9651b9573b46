import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorKey } from '../../lib/client/api.ts';

/**
 * Puts the server's field errors on their fields. Answers the key for the form's banner only
 * for what no field shows: an error is said once, next to its field (issue 11, item 7).
 */
export function applyServerError<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, fields: readonly string[]): string | undefined {
  if (error instanceof ApiError && error.body.errors) {
    const entries = Object.entries(error.body.errors);
    let placed = 0;
    for (const [field, key] of entries) {
      if (!fields.includes(field)) continue;
      setError(field as Path<F>, { type: 'server', message: key }, { shouldFocus: placed === 0 });
      placed++;
    }
    if (entries.length > 0 && placed === entries.length) return undefined;
  } else if (!(error instanceof ApiError)) {
    console.error('[api]', error);
  }
  return errorKey(error);
}
