import { eq } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { pgCode } from './errors.ts';
import { AppError } from './http.ts';
import type { Locale } from '../i18n/index.ts';
import { consumeCode, issueCode } from './auth/codes.ts';
import { hashPassword, verifyPassword } from './auth/password.ts';
import { revokeAllOf } from './auth/sessions.ts';
import { disconnectSessions, disconnectUser } from './emit.ts';
import { findLiveUserByEmail, limitCodeChecks } from './auth/service.ts';
import { limit } from './ratelimit.ts';
import type { UserRow } from './users.ts';

/** Password changes per 15 minutes for one session. */
const PASSWORD_CHANGES = 10;
const PASSWORD_WINDOW = 900;

const emailTaken = () => new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });

/**
 * Mails a code to the new address; the address changes only once the code comes back. The hourly
 * send it spends is counted in the transaction that queues the mail, so a refused request
 * spends none.
 */
export async function requestEmailChange(user: UserRow, email: string, locale: Locale): Promise<void> {
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
    await db.update(schema.users).set({ email: newEmail }).where(eq(schema.users.id, user.id));
  } catch (error) {
    if (pgCode(error) === '23505') throw emailTaken();
    throw error;
  }
  return { newEmail };
}

/** Changes the password; every other session of the user ends, sockets included. */
export async function changePassword(user: UserRow, sessionId: string | undefined, oldPassword: string, newPassword: string): Promise<void> {
  // the old password is checked like a login's: a session is no licence to guess it. Counted per
  // session: a stolen one spending the account's tries would keep the owner from the change
  // that ends it
  await limit([[`password-change:${sessionId ?? user.id}`, PASSWORD_CHANGES]], PASSWORD_WINDOW);
  if (!(await verifyPassword(user.passwordHash, oldPassword))) {
    throw new AppError(422, 'error.user.wrong_password', { oldPassword: 'error.user.wrong_password' });
  }
  const passwordHash = await hashPassword(newPassword);
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id));
    return revokeAllOf(user.id, { except: sessionId, tx });
  });
  disconnectSessions(ended);
}

/**
 * Deletes the account: every session ends at once, and the name, surname and photo go, so the
 * person leaves every list others see. The address and password stay only to answer a later
 * login with 'Account is deleted'.
 */
export async function deleteAccount(user: UserRow): Promise<{ image: string | null }> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(schema.users).set({ deletedAt: new Date(), name: '', surname: '', image: null }).where(eq(schema.users.id, user.id));
    await tx.delete(schema.invites).where(eq(schema.invites.userId, user.id));
  });
  await revokeAllOf(user.id);
  disconnectUser(user.id);
  return { image: user.image };
}
