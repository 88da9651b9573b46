import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';
import { whenIdle } from './when-idle.ts';

/**
 * A form's zod resolver that brings zod, the resolver and the schema when the browser is idle
 * after the page came up (or at the first validation, whichever is first), not with the page:
 * about 10 KB gzip less to download before a form can be used on a slow line (issue 12). Its
 * module is created once per form module, outside the component.
 */
export function lazyResolver<I extends FieldValues, O>(load: () => Promise<z.$ZodType<O, I>>): Resolver<I, unknown, O> {
  let ready: Promise<Resolver<I, unknown, O>> | undefined;
  const get = () =>
    (ready ??= Promise.all([import('./zod-resolver.ts'), load()]).then(
      ([{ zodResolver }, schema]) => zodResolver(schema) as unknown as Resolver<I, unknown, O>,
      (error: unknown) => {
        ready = undefined; // a dropped connection: the next validation tries again
        throw error;
      },
    ));
  whenIdle(get);
  return async (values, context, options) => (await get())(values, context, options);
}
