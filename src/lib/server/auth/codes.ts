import crypto from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { getDb, schema } from '../db/index.ts';
import { AppError, tooMany } from '../http.ts';
import { hit } from '../ratelimit.ts';
import { sendMail } from '../mail.ts';
import { translator } from '../../i18n/messages.ts';
import type { Locale } from '../../i18n/index.ts';
import type { UserRow } from './sessions.ts';
import { sha256 } from './tokens.ts';

const CODE_MINUTES = 15;
const SENDS_PER_HOUR = 5;
const TRIES = 5;

export type CodePurpose = 'verify' | 'email_change';

const MAIL: Record<CodePurpose, { subject: string; text: string }> = {
  verify: { subject: 'mail.verify_subject', text: 'mail.verify_text' },
  email_change: { subject: 'mail.email_change_subject', text: 'mail.email_change_text' },
};

function hashCode(userId: string, code: string): string {
  return sha256(`${userId}:${code}`);
}

/**
 * Mails a fresh 4-digit code for `purpose`, replacing any earlier one. Sends are limited per user
 * and hour, whatever the purpose.
 */
export async function issueCode(user: UserRow, purpose: CodePurpose, locale: Locale, newEmail?: string): Promise<void> {
  if (!(await hit(`code-send:${user.id}`, SENDS_PER_HOUR, 3600))) {
    throw tooMany('error.user.email_send_max_attempts_reached');
  }
  const db = await getDb();
  const code = String(crypto.randomInt(0, 10_000)).padStart(4, '0');
  await db.transaction(async (tx) => {
    await tx
      .update(schema.emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.emailCodes.userId, user.id), eq(schema.emailCodes.purpose, purpose), isNull(schema.emailCodes.usedAt)));
    await tx.insert(schema.emailCodes).values({
      userId: user.id,
      purpose,
      codeHash: hashCode(user.id, code),
      newEmail,
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
  });
  const t = translator(locale);
  await sendMail({
    to: newEmail ?? user.email,
    subject: t(MAIL[purpose].subject, { code }),
    text: `${t(MAIL[purpose].text, { code, email: newEmail ?? user.email })}\n\n${t('mail.signature')}`,
  });
}

/**
 * Checks a code and uses it up. Each check first counts itself against the code in one atomic
 * statement, and only a check that got a count within the limit compares: a thousand guesses at
 * once compare at most five times. After five, or once expired, the code is spent and the person
 * must ask for a new one.
 */
export async function consumeCode(user: UserRow, purpose: CodePurpose, code: string): Promise<typeof schema.emailCodes.$inferSelect> {
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
  // only one request may spend the code: the update must still find it unused
  const [used] = await db
    .update(e)
    .set({ usedAt: new Date() })
    .where(and(eq(e.id, counted.id), isNull(e.usedAt)))
    .returning();
  if (!used) throw new AppError(422, 'error.user.wrong_code', { code: 'error.user.wrong_code' });
  return used;
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}
