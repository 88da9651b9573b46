import { safeParseAsync, type $ZodIssue, type $ZodType } from 'zod/v4/core';
import type { FieldValues, Resolver } from 'react-hook-form';
import { getPath, setPath } from './form.ts';

/**
 * A form's resolver from a zod schema: the parsed values, or each path's first issue as
 * `{ type, message }` where the form shows it (the messages are translation keys). A union's
 * issue is said by the branch that came closest (fewest issues), as @hookform/resolvers does.
 */
export function zodResolver<I extends FieldValues, O>(schema: $ZodType<O, I>): Resolver<I, unknown, O> {
  return (async (values: I) => {
    const result = await safeParseAsync(schema, values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, unknown> = {};
    const pending: $ZodIssue[] = [...result.error.issues];
    for (let issue = pending.shift(); issue; issue = pending.shift()) {
      if (issue.code === 'invalid_union' && issue.errors.length > 0) {
        const closest = issue.errors.reduce((best, branch) => (branch.length < best.length ? branch : best));
        const path = issue.path;
        pending.unshift(...closest.map((inner) => ({ ...inner, path: [...path, ...inner.path] })));
        continue;
      }
      const path = issue.path.map(String).join('.');
      const at = path ? getPath(errors, path) : undefined;
      if (at && typeof at === 'object' && 'message' in at) continue;
      const error = { type: issue.code, message: issue.message };
      if (!path) errors.root = error;
      else if (at && typeof at === 'object') Object.assign(at, error);
      else setPath(errors, path, error);
    }
    return { values: {}, errors };
  }) as unknown as Resolver<I, unknown, O>;
}
