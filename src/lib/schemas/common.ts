// zod/mini: the same schemas run in the islands, where the full zod would cost ~10 KB gzip more
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/index.ts';

/** The usual address shape: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// users can type the email in any case, but we store it in lowercase
export const EmailSchema = z.string({ error: 'validation.email_required' }).check(
  z.trim(),
  z.minLength(1, 'validation.email_required'),
  z.maxLength(254, 'validation.too_long'),
  z.regex(EMAIL_PATTERN, 'validation.email_invalid'),
  z.toLowerCase(),
);

const strongPassword = (value: string) =>
  value.length >= 8 &&
  /[A-ZА-ЯЁ]/.test(value) &&
  /[a-zа-яё]/.test(value) &&
  /\d/.test(value) &&
  /[^\p{L}\p{N}\s]/u.test(value);

export const NewPasswordSchema = z.string({ error: 'validation.password_required' }).check(
  z.minLength(1, 'validation.password_required'),
  z.maxLength(200, 'validation.too_long'),
  z.refine(strongPassword, 'validation.password_weak'),
);

export const LangSchema = z.enum(LOCALES, { error: 'validation.lang_invalid' });

export const SettingsSchema = z.object({ lang: z.optional(LangSchema) });

export const CodeSchema = z.string({ error: 'validation.code_required' }).check(
  z.trim(),
  z.minLength(1, 'validation.code_required'),
  z.regex(/^\d{4}$/, 'validation.code_invalid'),
);

/** A required one-line text: trimmed, not empty (`key` is its message), at most `max` long. */
export const requiredText = (key: string, max = 100) =>
  z.string({ error: key }).check(z.trim(), z.minLength(1, key), z.maxLength(max, 'validation.too_long'));

/** A query parameter holding a number: empty means "not given", not 0. */
export const numberParam = z.pipe(
  z.optional(z.string()),
  z.transform((value, ctx) => {
    if (value === undefined || value.trim() === '') return undefined;
    const n = Number(value);
    if (Number.isNaN(n)) {
      ctx.issues.push({ code: 'custom', message: 'validation.number_invalid', input: value });
      return z.NEVER;
    }
    return n;
  }),
);

/** A query parameter holding text: trimmed, and empty means "not given". */
export const textParam = z.pipe(
  z.optional(z.string().check(z.maxLength(300, 'validation.too_long'))),
  z.transform((value) => (value?.trim() ? value.trim() : undefined)),
);
