import type { FieldValues, Resolver } from 'react-hook-form';
import type * as z from 'zod/v4/core';

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

/**
 * Starts loading what a later click needs once every island of the page has hydrated and the
 * browser is idle, so that the click seldom waits for the line, and the page's own islands (the
 * header's chat link hydrates on idle too) never wait behind it. Nothing happens on the server.
 */
export function whenIdle(load: () => Promise<unknown>): void {
  if (typeof window === 'undefined') return;
  const idle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
  // a failure shows when the click asks again
  const attempt = () => idle(() => (document.querySelector('astro-island[ssr]') ? setTimeout(attempt, 250) : void load().catch(() => {})));
  attempt();
}
