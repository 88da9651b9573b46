import { eq } from 'drizzle-orm';
import { getDb, schema, type Executor } from './db/index.ts';
import { pgCode } from './errors.ts';
import { AppError } from './http.ts';
import { isLocale, type Locale } from '../i18n/index.ts';
import { translator } from '../i18n/messages.ts';
import { queueNoticeMail } from './mail.ts';
import { leaveVacancies } from './vacancies.ts';
import { consumeCode, issueCode, voidCodes } from './auth/codes.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { revokeAllOf } from './auth/sessions.ts';
import { disconnectSessions, disconnectUser } from './emit.ts';
import { findLiveUserByEmail, limitCodeChecks } from './auth/service.ts';
import { countTry } from './ratelimit.ts';
import type { UserRow } from './users.ts';

/** Tries of the current password per 15 minutes for one session (password change, new address, deletion). */
const PASSWORD_TRIES = 10;
const PASSWORD_WINDOW = 900;

const emailTaken = () => new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });

/**
 * The current password, checked like a login's before what a stolen session must not do alone:
 * change the password, move the account to an address the thief reads, delete it. Counted per
 * session: a stolen one spending the account's tries would keep the owner from the change that
 * ends it. Only wrong tries stay counted. `field` names the form field a wrong one is shown under.
 */
async function requireCurrentPassword(user: UserRow, sessionId: string | undefined, password: string, field: string): Promise<void> {
  const takeBack = await countTry(`password-check:${sessionId ?? user.id}`, PASSWORD_TRIES, PASSWORD_WINDOW);
  if (!(await verifyPassword(user.passwordHash, password))) throw new AppError(422, 'error.user.wrong_password', { [field]: 'error.user.wrong_password' });
  await takeBack();
}

/**
 * Mails a code to the new address; the address changes only once the code comes back. The code
 * proves the new address only, so the current password comes first; it is checked before the
 * address is looked up, so that a session alone cannot ask which addresses have accounts. The
 * hourly send it spends is counted in the transaction that queues the mail, so a refused request
 * spends none.
 */
export async function requestEmailChange(user: UserRow, sessionId: string | undefined, { email, password }: { email: string; password: string }, locale: Locale): Promise<void> {
  await requireCurrentPassword(user, sessionId, password, 'password');
  if (email === user.email) throw new AppError(400, 'error.common.invalid_body', { email: 'validation.email_same' });
  if (await findLiveUserByEmail(email)) throw emailTaken();
  const db = await getDb();
  await db.transaction((tx) => issueCode(tx, user, 'email_change', locale, { newEmail: email, hourlyKey: `user:${user.id}`, spaceId: user.spaceId }));
}

export async function confirmEmailChange(user: UserRow, code: string, ip: string | undefined): Promise<{ newEmail: string }> {
  await limitCodeChecks(`email-change-verify:${user.id}`, ip);
  const used = await consumeCode(user, 'email_change', code);
  const newEmail = used.newEmail!;
  if (await findLiveUserByEmail(newEmail)) throw emailTaken();
  const db = await getDb();
  try {
    await db.transaction(async (tx) => {
      await tx.update(schema.users).set({ email: newEmail }).where(eq(schema.users.id, user.id));
      // a reset link mailed to the old address must not take the account back from it
      await voidCodes(tx, user.id, 'password_reset');
      // the team lists know a member by their invitation: it follows the address
      await tx.update(schema.invites).set({ email: newEmail }).where(eq(schema.invites.userId, user.id));
      await tellOldAddress(tx, user, newEmail);
    });
  } catch (error) {
    if (pgCode(error) === '23505') throw emailTaken();
    throw error;
  }
  return { newEmail };
}

/**
 * Tells the old address that the account moved, in the person's language: someone who got hold
 * of a session and the password learns nothing from it, the owner learns what happened. A
 * recipient past the day's limit of notices gets none, and the change still goes through.
 */
async function tellOldAddress(tx: Executor, user: UserRow, newEmail: string): Promise<void> {
  const t = translator(isLocale(user.lang) ? user.lang : 'en');
  const text = `${t('mail.email_changed_text', { email: user.email, newEmail })}\n\n${t('mail.signature')}`;
  await queueNoticeMail(tx, user.email, t('mail.email_changed_subject'), text, 'security');
}

/** Changes the password; every other session of the user ends, sockets included. */
export async function changePassword(user: UserRow, sessionId: string | undefined, oldPassword: string, newPassword: string): Promise<{ passwordHash: string }> {
  await requireCurrentPassword(user, sessionId, oldPassword, 'oldPassword');
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id));
    // a reset link asked for before does not undo the password chosen now
    await voidCodes(tx, user.id, 'password_reset');
    return revokeAllOf(user.id, { except: sessionId, tx });
  });
  disconnectSessions(ended);
  return { passwordHash };
}

/**
 * Deletes the account, once the current password is given: every session ends at once, and the
 * name, surname and photo go, so the person leaves every list others see. The address and
 * password stay only to answer a later login with 'Account is deleted'.
 */
export async function deleteAccount(user: UserRow, sessionId: string | undefined, password: string): Promise<{ image: string | null }> {
  await requireCurrentPassword(user, sessionId, password, 'password');
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ deletedAt: new Date(), name: '', surname: '', image: null }).where(eq(schema.users.id, user.id));
    await tx.delete(schema.invites).where(eq(schema.invites.userId, user.id));
    await leaveVacancies(tx, user.id);
  });
  await revokeAllOf(user.id);
  disconnectUser(user.id);
  return { image: user.image };
}
