import { z } from 'zod';
import { LOCALES } from '../i18n/index.ts';

/** The usual address shape: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

// users can type the email in any case, but we store it in lowercase
export const EmailSchema = z
  .string({ error: 'validation.email_required' })
  .trim()
  .min(1, 'validation.email_required')
  .max(254, 'validation.too_long')
  .regex(EMAIL_PATTERN, 'validation.email_invalid')
  .transform((value) => value.toLowerCase());

export const NewPasswordSchema = z
  .string({ error: 'validation.password_required' })
  .min(1, 'validation.password_required')
  .max(200, 'validation.too_long')
  .refine(
    (value) =>
      value.length >= 8 && /[A-ZА-ЯЁ]/.test(value) && /[a-zа-яё]/.test(value) && /\d/.test(value) && /[^\p{L}\p{N}\s]/u.test(value),
    'validation.password_weak',
  );

export const LangSchema = z.enum(LOCALES, { error: 'validation.lang_invalid' });

export const SettingsSchema = z.object({ lang: LangSchema }).partial();

export const CodeSchema = z
  .string({ error: 'validation.code_required' })
  .trim()
  .min(1, 'validation.code_required')
  .regex(/^\d{4}$/, 'validation.code_invalid');

export const requiredText = (key: string, max = 100) =>
  z.string({ error: key }).trim().min(1, key).max(max, 'validation.too_long');
