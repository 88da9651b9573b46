import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError, errorKey } from '../../lib/client/api.ts';

/** Puts the server's field errors on their fields; returns the key for the form's banner. */
export function applyServerError<F extends FieldValues>(error: unknown, setError: UseFormSetError<F>, fields: readonly string[]): string {
  if (error instanceof ApiError && error.body.errors) {
    for (const [field, key] of Object.entries(error.body.errors)) {
      if (fields.includes(field)) setError(field as Path<F>, { type: 'server', message: key });
    }
  } else if (!(error instanceof ApiError)) {
    console.error('[api]', error);
  }
  return errorKey(error);
}
