// zod/mini: the same schemas run in the islands, where the full zod would cost ~10 KB gzip more
import * as z from 'zod/mini';
import { LOCALES } from '../i18n/index.ts';
import { canonicalZone } from '../time-zone.ts';

/**
 * The usual address shape: something@domain.tld. Each part excludes the separator that follows
 * it, so a failing match never backtracks over what it read: linear on any input. No blanks, and
 * none of the characters an address header gives a meaning of its own (`,` and `;` separate
 * addresses, `<>` wrap one after a name, `()` hold a comment, `:` opens a group, quotes and
 * brackets): the mailer read `victim@corp.com,1` as victim@corp.com, so one mailbox could be
 * written a hundred ways, each with limits of its own (attack review).
 */
export const EMAIL_PATTERN = /^[^\s@()<>[\]:;\\,"]+@[^\s@()<>[\]:;\\,".]+(?:\.[^\s@()<>[\]:;\\,".]+)*\.[^\s@()<>[\]:;\\,".]{2,}$/;
export const EMAIL_MAX = 254;

/** The length is checked before the pattern runs: a long input costs nothing to refuse. */
/**
 * Control and format characters (bidi overrides, zero-width), unassigned and private ones, other
 * spaces and the blanks that are letters or symbols (Hangul fillers, the Braille blank): never
 * part of an address, and they let an address carry a readable sentence (a reset link's page
 * printed "For your⠀account⠀is⠀locked…").
 */
const INVISIBLE_IN_ADDRESS = /[\p{C}\p{Z}\u115f\u1160\u3164\uffa0\u2800]/u;
export const isEmail = (value: string): boolean => value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value) && !INVISIBLE_IN_ADDRESS.test(value);

// users can type the email in any case, but we store it in lowercase
export const EmailSchema = z.string({ error: 'validation.email_required' }).check(
  z.trim(),
  z.minLength(1, 'validation.email_required'),
  z.refine((v) => v.length <= EMAIL_MAX, { message: 'validation.too_long', abort: true }),
  z.refine((v) => v === '' || isEmail(v), 'validation.email_invalid'),
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
  z.refine((v) => !v.includes('\0'), 'validation.invalid_characters'),
  z.refine(strongPassword, 'validation.password_weak'),
);

export const LangSchema = z.enum(LOCALES, { error: 'validation.lang_invalid' });

/** An IANA zone name, kept in its canonical spelling (docs/decisions/0018). */
export const TimeZoneSchema = z.pipe(
  z.string({ error: 'validation.time_zone_invalid' }).check(z.refine((v) => canonicalZone(v) !== null, 'validation.time_zone_invalid')),
  z.transform((v) => canonicalZone(v)!),
);

export const SettingsSchema = z.object({ lang: z.optional(LangSchema), timeZone: z.optional(TimeZoneSchema) });

export const CodeSchema = z.string({ error: 'validation.code_required' }).check(
  z.trim(),
  z.minLength(1, 'validation.code_required'),
  z.regex(/^\d{4}$/, 'validation.code_invalid'),
);

// ——— Safe values: what every text, number and date of a body or query must be ———————————————

/**
 * Control characters: PostgreSQL refuses NUL in text, and the others break mail headers and
 * calendar files. Tab, LF and CR are allowed in multi-line texts only.
 */
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const CONTROL_OR_BREAK = /[\u0000-\u001f\u007f]/;

/**
 * Bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069): invisible, and
 * an override turns the rest of a line around, so that a name or a file name reads as something
 * it is not ("invoice‮fdp.exe" shows as "invoiceexe.pdf") and can spill over the text beside it.
 * Russian and English never need them, and an Arabic or Hebrew text is laid out right without
 * them; the marks (U+200E, U+200F) stay. Taken out of every text a person sends, not refused:
 * they are invisible, so a refusal could not say what to remove.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;
export const withoutBidiControls = (value: string): string => value.replace(BIDI_CONTROLS, '');

/**
 * What shows nothing: spaces, format characters (zero-width ones among them), the
 * Hangul fillers and the blank Braille pattern, which are letters to Unicode but print as
 * nothing. A required text made only of them (a name of U+200B, a company of U+3164) would show
 * its owner as a blank everywhere, as an empty one would.
 */
const BLANK = /[\p{Z}\p{Cf}\s\u115f\u1160\u3164\uffa0\u2800]/gu;
export const hasVisible = (value: string): boolean => value.replace(BLANK, '').length > 0;

/** Whether a text holds no control character (a line break only where `multiline`). */
export const isCleanText = (value: string, multiline = false): boolean => !(multiline ? CONTROL : CONTROL_OR_BREAK).test(value);

interface TextOptions {
  max?: number;
  /** Line breaks (and tabs) allowed: descriptions, comments, messages. */
  multiline?: boolean;
}

const textChecks = (max: number, multiline: boolean) => [
  z.refine<string>((v) => v.length <= max, { message: 'validation.too_long', abort: true }),
  z.refine<string>((v) => isCleanText(v, multiline), 'validation.invalid_characters'),
];

/** A required text: trimmed, not empty (`key` is its message), at most `max` long, no control characters. */
export const requiredText = (key: string, max = 100, { multiline = false }: Omit<TextOptions, 'max'> = {}) =>
  z.string({ error: key }).check(z.overwrite(withoutBidiControls), z.trim(), z.refine(hasVisible, key), ...textChecks(max, multiline));

/** A text that may be empty: trimmed, at most `max` long, no control characters. */
export const cleanText = (max: number, { multiline = false }: Omit<TextOptions, 'max'> = {}) =>
  z.string({ error: 'validation.invalid' }).check(z.overwrite(withoutBidiControls), z.trim(), ...textChecks(max, multiline));

/** An optional text: trimmed, '' when absent, at most `max` long, no control characters. */
export const optionalText = (max: number, options: Omit<TextOptions, 'max'> = {}) => z._default(cleanText(max, options), '');

/** A reference to a row (a uuid, usually): a short text with no control characters. */
export const RefSchema = (key = 'validation.required') =>
  z.string({ error: key }).check(
    z.minLength(1, key),
    z.maxLength(64, 'validation.invalid'),
    z.refine((v) => isCleanText(v), 'validation.invalid'),
  );

/** PostgreSQL's `integer` and `smallint`: a larger number is not something a person typed. */
export const INT_MAX = 2_147_483_647;
export const SMALLINT_MAX = 32_767;
/** The largest salary a form takes, in roubles a month. */
export const MONEY_MAX = 100_000_000;

/** A whole number from a form, a query or JSON: '' and null are "not given", 1.5 and 1e20 are refused. */
function toInteger(value: unknown, min: number, max: number): number | undefined | typeof INVALID {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'string' && value.trim() === '') return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return INVALID;
  const n = typeof value === 'number' ? value : Number(value.trim());
  if (!Number.isSafeInteger(n) || n < min || n > max) return INVALID;
  return n;
}
const INVALID = Symbol('invalid');

interface IntOptions {
  min?: number;
  max?: number;
  /** The message of a value out of range or not whole. */
  message?: string;
}

/** An optional whole number within [min, max]; absent or empty is undefined. */
export const optionalInt = ({ min = 0, max = INT_MAX, message = 'validation.number_invalid' }: IntOptions = {}) =>
  z.pipe(
    z.optional(z.nullable(z.union([z.number(), z.string()], { error: message }))),
    z.transform((value, ctx) => {
      const n = toInteger(value, min, max);
      if (n === INVALID) {
        ctx.issues.push({ code: 'custom', message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );

/** A required whole number within [min, max]; `required` is the message when it is missing. */
export const requiredInt = (required: string, { min = 0, max = INT_MAX, message = 'validation.number_invalid' }: IntOptions = {}) =>
  z.pipe(
    z.union([z.number(), z.string()], { error: required }),
    z.transform((value, ctx) => {
      const n = toInteger(value, min, max);
      if (n === undefined || n === INVALID) {
        ctx.issues.push({ code: 'custom', message: n === undefined ? required : message, input: value });
        return z.NEVER;
      }
      return n;
    }),
  );

/** A row id that is a number (a city, a soft skill): positive and within PostgreSQL's integer. */
export const intId = (required = 'validation.required', max = INT_MAX) => requiredInt(required, { min: 1, max, message: 'validation.invalid' });

/** A salary or another amount of money: a whole number of roubles, 0 to MONEY_MAX. */
export const optionalMoney = optionalInt({ max: MONEY_MAX });

/** A query parameter holding a whole number within [min, max]; empty means "not given". */
export const intParam = (options: IntOptions = {}) =>
  z.pipe(z.optional(z.string()), z.transform((value, ctx) => {
    const n = toInteger(value, options.min ?? 0, options.max ?? INT_MAX);
    if (n === INVALID) {
      ctx.issues.push({ code: 'custom', message: options.message ?? 'validation.number_invalid', input: value });
      return z.NEVER;
    }
    return n;
  }));

/** A query parameter holding text: trimmed, no control characters, and empty means "not given". */
export const textParam = z.pipe(
  z.optional(
    z.string().check(
      z.refine((v) => v.length <= 300, { message: 'validation.too_long', abort: true }),
      z.refine((v) => isCleanText(v), 'validation.invalid_characters'),
    ),
  ),
  z.transform((value) => (value?.trim() ? value.trim() : undefined)),
);

/** Years a calendar date of ours may fall in: PostgreSQL takes more, nobody means them. */
export const DATE_MIN_YEAR = 1900;
export const DATE_MAX_YEAR = 2100;

/** 'YYYY-MM-DD' (a longer ISO text is cut to its date) naming a day that exists: no 2020-02-31. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_MIN_YEAR || year > DATE_MAX_YEAR) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date as 'YYYY-MM-DD'. */
export const dateSchema = (message: string) =>
  z.string({ error: message }).check(
    z.refine((v) => v.length <= 40 && isCalendarDate(v), { message, abort: true }),
    z.overwrite((v) => v.slice(0, 10)),
  );

/** A moment (ISO 8601 with a time) between DATE_MIN_YEAR and DATE_MAX_YEAR. */
export function isMoment(value: string): boolean {
  if (value.length > 40) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= DATE_MIN_YEAR && year <= DATE_MAX_YEAR;
}
