import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../db/index.ts';
import { AppError, tooMany } from '../http.ts';
import { hit } from '../ratelimit.ts';
import { chargeMail, deliverMail, mailServerBack, type MailCause } from '../mail.ts';
import { addJob, jobState } from '../jobs.ts';
import { translator } from '../../i18n/messages.ts';
import { isLocale, type Locale } from '../../i18n/index.ts';
import { STATUS } from '../../schemas/auth.ts';
import type { UserRow } from './sessions.ts';
import { randomToken, sha256 } from './tokens.ts';
import { env } from '../env.ts';
import { localizedPath } from '../../i18n/index.ts';

const CODE_MINUTES = 15;
/** A password reset's link: long enough to read the mail on another device, short enough to go stale. */
const RESET_MINUTES = 60;
const SENDS_PER_HOUR = 5;
const TRIES = 5;

export type CodePurpose = 'verify' | 'email_change' | 'password_reset';

const MAIL: Record<CodePurpose, { subject: string; text: string }> = {
  verify: { subject: 'mail.verify_subject', text: 'mail.verify_text' },
  email_change: { subject: 'mail.email_change_subject', text: 'mail.email_change_text' },
  password_reset: { subject: 'mail.reset_subject', text: 'mail.reset_text' },
};

function hashCode(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/** A reset token is bound to the address it was mailed to: once the account moves, old links stop. */
function hashResetToken(userId: string, email: string, token: string): string {
  return hashCode(userId, `${email}:${token}`);
}

/** One pending code mail per person and purpose: a resend replaces one that has not gone out. */
function codeJobKey(userId: string, purpose: CodePurpose): string {
  return `code:${purpose}:${userId}`;
}

/**
 * Counts a code mail to `to` against the hourly limit under `hourlyKey` and the daily mail
 * limits, in the caller's transaction; 429 when one is full.
 */
export async function chargeCodeMail(tx: Executor, to: string, hourlyKey: string, cause: Partial<MailCause> = {}): Promise<void> {
  if (!(await hit(`code-send:${hourlyKey}`, SENDS_PER_HOUR, 3600, tx))) {
    throw tooMany('error.user.email_send_max_attempts_reached');
  }
  await chargeMail(tx, to, { kind: 'code', ...cause });
}

export interface CodeJob {
  userId: string;
  purpose: CodePurpose;
  locale: Locale;
  newEmail?: string;
}

/** Queues the code mail (without charging any limit: the caller did). */
export async function addCodeJob(tx: Executor, job: CodeJob): Promise<void> {
  await addJob(tx, 'code-mail', job, { jobKey: codeJobKey(job.userId, job.purpose) });
}

/**
 * Queues a mail with a fresh 4-digit code for `purpose` in the caller's transaction. The code is
 * made when the mail goes out (sendCode): until then the code the person already holds stays
 * valid, and a code that waited for the mail server still gets its full 15 minutes.
 * `hourlyKey` is what the hourly limit counts: the user, or the address when unauthenticated.
 */
export async function issueCode(
  tx: Executor,
  user: Pick<UserRow, 'id' | 'email'>,
  purpose: CodePurpose,
  locale: Locale,
  options: { newEmail?: string; hourlyKey: string } & Omit<MailCause, 'kind'>,
): Promise<void> {
  const { newEmail, hourlyKey, ...cause } = options;
  await chargeCodeMail(tx, newEmail ?? user.email, hourlyKey, cause);
  await addCodeJob(tx, { userId: user.id, purpose, locale, ...(newEmail ? { newEmail } : {}) });
}

/**
 * Whether the newest code mail for `purpose` went out (or is going out right now), waits for
 * the mail server, or was given up on.
 */
export async function codeMailState(userId: string, purpose: CodePurpose): Promise<'sent' | 'queued' | 'failed'> {
  const state = await jobState(codeJobKey(userId, purpose));
  return state === 'late' ? 'queued' : state === 'failed' ? 'failed' : 'sent';
}

/**
 * The `code-mail` task: makes the code, mails it, and only once the mail server took it makes it
 * the one valid code (voiding the older one). A failed send changes nothing and is retried.
 */
export async function sendCode(job: CodeJob): Promise<void> {
  const db = await getDb();
  const [user] = await db.select().from(schema.users).where(and(eq(schema.users.id, job.userId), isNull(schema.users.deletedAt)));
  // nothing to confirm any more: the account went, or its address was confirmed meanwhile
  if (!user || (job.purpose === 'verify' && user.status !== STATUS.NOT_VERIFIED)) return;
  const to = job.newEmail ?? user.email;
  const locale = isLocale(job.locale) ? job.locale : 'en';
  // a reset is a link with a token nobody can guess (a 4-digit code would give a stranger who
  // asks for it again and again a fair chance at the account); the others are codes typed in
  const reset = job.purpose === 'password_reset';
  const code = reset ? randomToken() : String(crypto.randomInt(0, 10_000)).padStart(4, '0');
  const link = reset ? `${env().PUBLIC_URL}${localizedPath('/auth/reset', locale)}?${new URLSearchParams({ email: to, token: code })}` : '';
  const t = translator(locale);
  await deliverMail({
    to,
    subject: t(MAIL[job.purpose].subject, { code }),
    text: `${t(MAIL[job.purpose].text, { code, email: to, link, minutes: RESET_MINUTES })}\n\n${t('mail.signature')}`,
  });
  await db.transaction(async (tx) => {
    // one sender at a time per person and purpose: two mails going out at once must each void the
    // other's code, or both would stay valid (a burst of resets left several live links)
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`email-code:${user.id}:${job.purpose}`}))`);
    await voidCodes(tx, user.id, job.purpose);
    await tx.insert(schema.emailCodes).values({
      userId: user.id,
      purpose: job.purpose,
      codeHash: reset ? hashResetToken(user.id, to, code) : hashCode(user.id, code),
      newEmail: job.newEmail,
      expiresAt: new Date(Date.now() + (reset ? RESET_MINUTES : CODE_MINUTES) * 60_000),
    });
  });
  await mailServerBack();
}

/**
 * Checks a code and uses it up. Each check first counts itself against the code in one atomic
 * statement, and only a check that got a count within the limit compares: a thousand guesses at
 * once compare at most five times. After five, or once expired, the code is spent and the person
 * must ask for a new one.
 */
export async function consumeCode(user: UserRow, purpose: CodePurpose, code: string): Promise<typeof schema.emailCodes.$inferSelect> {
  const checked = await checkCode(user, purpose, code);
  await spendCode(await getDb(), checked.id);
  return checked;
}

/** The counting and comparing of consumeCode, without using the code up. */
async function checkCode(user: UserRow, purpose: CodePurpose, code: string): Promise<typeof schema.emailCodes.$inferSelect> {
  const db = await getDb();
  const spent = 'error.user.code_send_max_attempts_reached';
  const e = schema.emailCodes;
  const newest = db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.userId, user.id), eq(e.purpose, purpose), isNull(e.usedAt)))
    .orderBy(desc(e.createdAt))
    .limit(1);
  const [counted] = await db
    .update(e)
    .set({ attempts: sql`${e.attempts} + 1` })
    .where(and(inArray(e.id, newest), isNull(e.usedAt), gt(e.expiresAt, new Date()), lt(e.attempts, TRIES)))
    .returning();
  if (!counted) throw new AppError(422, spent, { code: spent });
  if (!safeEqual(counted.codeHash, hashCode(user.id, code))) {
    const key = counted.attempts >= TRIES ? spent : 'error.user.wrong_code';
    throw new AppError(422, key, { code: key });
  }
  return counted;
}

/**
 * Uses a checked code up, in the caller's transaction if it is one (the code then stays unused if
 * it rolls back). Only one request may: the update must still find it unused.
 */
export async function spendCode(executor: Executor, id: string): Promise<void> {
  const e = schema.emailCodes;
  const [used] = await executor
    .update(e)
    .set({ usedAt: new Date() })
    .where(and(eq(e.id, id), isNull(e.usedAt)))
    .returning({ id: e.id });
  if (!used) throw new AppError(422, 'error.user.wrong_code', { code: 'error.user.wrong_code' });
}

/** Voids every unused code of a person for `purpose` (a newer one, a changed password or address). */
export async function voidCodes(executor: Executor, userId: string, purpose: CodePurpose): Promise<void> {
  const e = schema.emailCodes;
  await executor.update(e).set({ usedAt: new Date() }).where(and(eq(e.userId, userId), eq(e.purpose, purpose), isNull(e.usedAt)));
}

/**
 * The live reset code a link's token is, for the account's present address. Looked up by its
 * hash, with no count of tries: a 256-bit token is not guessed, and counting wrong ones would let
 * anyone who knows the address spend the owner's link with five made-up tokens.
 */
export async function findResetCode(user: UserRow, token: string): Promise<{ id: string } | undefined> {
  const db = await getDb();
  const e = schema.emailCodes;
  const [found] = await db
    .select({ id: e.id })
    .from(e)
    .where(and(eq(e.userId, user.id), eq(e.purpose, 'password_reset'), isNull(e.usedAt), gt(e.expiresAt, new Date()), eq(e.codeHash, hashResetToken(user.id, user.email, token))))
    .limit(1);
  return found;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
