import * as z from 'zod/mini';

export const CLIENT_REPORT_KINDS = ['error', 'rejection', 'render', 'view'] as const;

/** What a browser's reporter sends (src/lib/inline/scripts.mjs); the page is a path, never a URL. */
export const ClientReportSchema = z.object({
  kind: z.enum(CLIENT_REPORT_KINDS, { error: 'validation.invalid' }),
  page: z.string().check(z.maxLength(300, 'validation.too_long'), z.regex(/^\/[^?#\0]*$/, 'validation.invalid')),
  release: z.string().check(z.maxLength(100, 'validation.too_long'), z.regex(/^[\w.+-]*$/, 'validation.invalid')),
  sampled: z.boolean({ error: 'validation.invalid' }),
  message: z.string().check(z.maxLength(500, 'validation.too_long')),
  stack: z.optional(z.string().check(z.maxLength(4000, 'validation.too_long'))),
});
export type ClientReport = z.output<typeof ClientReportSchema>;
