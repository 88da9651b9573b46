import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb, schema, type Executor } from '../db/index.ts';
import { pgCode } from '../errors.ts';
import { AppError, clientBucket, tooMany } from '../http.ts';
import { clearLimits, countTry, hit, limit } from '../ratelimit.ts';
import { env } from '../env.ts';
import type { Locale } from '../../i18n/index.ts';
import { ROLE, STATUS, type Role } from '../../schemas/auth.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession, revokeAllOf, type SessionRow, type UserRow } from './sessions.ts';
import { disconnectSessions } from '../emit.ts';
import { claimInvitedVacancies, pendingInvite } from '../invites.ts';
import { issueAccessToken } from './tokens.ts';
import { knownDevice } from './devices.ts';
import { addCodeJob, chargeCodeMail, consumeCode, findResetCode, issueCode, spendCode, voidCodes } from './codes.ts';

/**
 * Failed logins per 15 minutes: for one address from one client (a stranger elsewhere cannot
 * lock the owner out), and from one client across addresses (a flood is slowed whatever it tries).
 */
const LOGINS_PER_ADDRESS_AND_CLIENT = 10;
const LOGINS_PER_CLIENT = 50;
/** Wrong passwords per 15 minutes for one address from browsers that never signed in to it, wherever they are. */
const LOGINS_PER_ADDRESS = 20;
/** Wrong passwords per 15 minutes from one browser that signed in to the address before. */
const LOGINS_PER_DEVICE = 10;
/** Code checks per 15 minutes: for one address, and from one client across addresses. */
const VERIFIES_PER_ADDRESS = 20;
const VERIFIES_PER_CLIENT = 60;
const WINDOW = 900;
const DAY = 86_400;

/** Limits code checks for one address (`subject`) and from one client, whatever the purpose. */
export function limitCodeChecks(subject: string, ip: string | undefined): Promise<void> {
  return limit(
    [
      [subject, VERIFIES_PER_ADDRESS],
      [`verify-client:${clientBucket(ip)}`, VERIFIES_PER_CLIENT],
    ],
    WINDOW,
  );
}



export interface SessionGrant {
  user: UserRow;
  session: SessionRow;
  refreshToken: string;
  accessToken: string;
  tokenExpires: number;
}

interface ClientInfo {
  ip?: string;
  userAgent?: string;
  /** The browser's device cookie (auth/devices.ts), if it has one. */
  device?: string;
}

async function grant(user: UserRow, persistent: boolean, client: ClientInfo): Promise<SessionGrant> {
  const { session, token } = await createSession(user.id, { persistent, ...client });
  const access = await issueAccessToken(user.id, session.id);
  return { user, session, refreshToken: token, ...access };
}

export async function findLiveUserByEmail(email: string, executor?: Executor): Promise<UserRow | undefined> {
  const db = executor ?? (await getDb());
  const [user] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.email, email), isNull(schema.users.deletedAt)));
  return user;
}

export async function register(
  input: { email: string; password: string; role: Role; invite?: string; settings?: { lang?: Locale; timeZone?: string } },
  locale: Locale,
  client: ClientInfo,
): Promise<SessionGrant> {
  const lang = input.settings?.lang ?? locale;
  if (await findLiveUserByEmail(input.email)) {
    throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });
  }
  // every registration mails a code: a client past its day's mails is refused before the
  // password's hash, the costly part, so a flood of refused registrations costs nothing
  if (client.ip !== undefined && !(await hit(`register-client:${clientBucket(client.ip)}`, env().MAIL_PER_CLIENT_DAY, DAY))) throw tooMany('error.user.email_send_max_attempts_reached');
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  // an invited address joins the inviter's space with the invited role, whatever the form said:
  // the invite its link names, else its oldest open one
  const invited = await pendingInvite(input.email, input.invite);
  let user: UserRow;
  try {
    // the account and its code mail commit together: the mail goes out as soon as the mail
    // server answers, and the account stays while it does not (the verify page says so)
    user = await db.transaction(async (tx) => {
      const spaceId = invited?.spaceId ?? (await tx.insert(schema.spaces).values({}).returning())[0]!.id;
      const [created] = await tx
        .insert(schema.users)
        .values({
          email: input.email,
          passwordHash,
          role: invited?.role ?? input.role,
          status: STATUS.NOT_VERIFIED,
          lang,
          // the browser's zone, which the registration form sends; else the column's default
          ...(input.settings?.timeZone ? { timeZone: input.settings.timeZone } : {}),
          spaceId,
          invitedBy: invited?.invitedBy,
          name: invited?.name ?? '',
          surname: invited?.surname ?? '',
        })
        .returning();
      if (invited) {
        const [taken] = await tx
          .update(schema.invites)
          .set({ userId: created!.id })
          .where(and(eq(schema.invites.id, invited.id), isNull(schema.invites.userId)))
          .returning({ id: schema.invites.id });
        // taken meanwhile by another registration of this address: the unique address decides it
        if (!taken) throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });
      }
      await issueCode(tx, created!, 'verify', lang, { hourlyKey: `address:${input.email}`, clientIp: client.ip ?? '' });
      return created!;
    });
  } catch (error) {
    // two registrations of one address at once: the unique index decides
    if (pgCode(error) === '23505') {
      throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });
    }
    throw error;
  }
  return grant(user, true, client);
}

/**
 * Confirms the address of a NOT_VERIFIED account with its code. Anything else (an unknown
 * address, one verified already) answers exactly as a wrong code does: nothing is learnt.
 */
export async function verifyEmail(email: string, code: string, ip: string | undefined): Promise<UserRow> {
  await limitCodeChecks(`verify:${email}`, ip);
  const user = await findLiveUserByEmail(email);
  if (!user || user.status !== STATUS.NOT_VERIFIED) throw new AppError(422, 'error.user.wrong_code', { code: 'error.user.wrong_code' });
  await consumeCode(user, 'verify', code);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [active] = await tx
      .update(schema.users)
      .set({ status: STATUS.ACTIVE })
      .where(and(eq(schema.users.id, user.id), eq(schema.users.status, STATUS.NOT_VERIFIED)))
      .returning();
    if (!active) throw new AppError(422, 'error.user.wrong_code', { code: 'error.user.wrong_code' });
    // vacancies this person was put on while invited are theirs from now on
    await claimInvitedVacancies(tx, user.id);
    return active;
  });
}

/**
 * Mails a new code to an unconfirmed address. The answer and the limits are the same whether the
 * address is unknown, confirmed or waiting (issue 9): a resend tells nobody who has an account.
 */
export async function resendCode(email: string, locale: Locale, clientIp: string | undefined): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    // counted apart from registration's code, which would otherwise show who registered
    await chargeCodeMail(tx, email, `resend:${email}`, { kind: 'resend', clientIp: clientIp ?? '' });
    const user = await findLiveUserByEmail(email, tx);
    if (user?.status === STATUS.NOT_VERIFIED) await addCodeJob(tx, { userId: user.id, purpose: 'verify', locale });
  });
}

/**
 * "Forgot password": mails a link to set a new one. The answer and the limits are the same
 * whether the address has an account or not, so asking tells nobody who has one.
 */
export async function forgotPassword(email: string, locale: Locale, clientIp: string | undefined): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await chargeCodeMail(tx, email, `reset:${email}`, { kind: 'reset', clientIp: clientIp ?? '' });
    const user = await findLiveUserByEmail(email, tx);
    if (user && user.status !== STATUS.BANNED) await addCodeJob(tx, { userId: user.id, purpose: 'password_reset', locale });
  });
}

/** Wrong reset links per 15 minutes from one client (a token is not guessed; this slows a flood). */
const RESETS_PER_CLIENT = 30;

/**
 * Sets a new password with the mailed link's token: the token is used up, the password changed and
 * every session of the account ended in one transaction (all or nothing, and of racing requests
 * with the right token only one), so whoever was signed in with the old password is out. An
 * unknown address answers as a wrong token does. The limit is the client's, not the address's:
 * a stranger who knows the address must not be able to lock its owner's link (decision 0038).
 */
export async function resetPassword(input: { email: string; token: string; password: string }, ip: string | undefined): Promise<void> {
  const invalid = () => new AppError(422, 'error.user.reset_link_invalid', { token: 'error.user.reset_link_invalid' });
  const user = await findLiveUserByEmail(input.email);
  const code = user && user.status !== STATUS.BANNED ? await findResetCode(user, input.token) : undefined;
  // only wrong tokens count: strangers behind the owner's address (an office, a carrier's NAT)
  // cannot make the owner's right link answer 429
  if (!user || !code) {
    if (!(await hit(`reset-client:${clientBucket(ip)}`, RESETS_PER_CLIENT, WINDOW))) throw tooMany();
    throw invalid();
  }
  // the hash only for a right token, and no connection held while it is made
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  let ended: string[];
  try {
    ended = await db.transaction(async (tx) => {
      // the user's row before the codes', the order a password or address change takes them in:
      // the other way round, a reset racing one could deadlock
      await tx.update(schema.users).set({ passwordHash }).where(eq(schema.users.id, user.id));
      await spendCode(tx, code.id);
      await voidCodes(tx, user.id, 'password_reset');
      return revokeAllOf(user.id, { tx });
    });
  } catch (error) {
    // spent meanwhile by a request racing this one
    if (error instanceof AppError && error.status === 422) throw invalid();
    throw error;
  }
  disconnectSessions(ended);
  // the owner is back: wrong passwords counted against the address (a stranger's, likely) no
  // longer keep them out of signing in with the new one
  await clearLimits([`login-address:${user.email}`], [`login:${user.email}:`]);
}

// compared against when the address is unknown, so both cases take the same time
const decoyHash = hashPassword(crypto.randomBytes(16).toString('hex'));

export async function login(
  input: { email: string; password: string; remember: boolean },
  client: ClientInfo,
): Promise<SessionGrant> {
  // every try counts before the password is checked (tries sent at once too); a right password
  // takes its try back, so that signing in again and again is never what locks a person out
  const takeBackClient = await countTry(`login-client:${clientBucket(client.ip)}`, LOGINS_PER_CLIENT, WINDOW);
  const takeBackPair = await countTry(`login:${input.email}:${clientBucket(client.ip)}`, LOGINS_PER_ADDRESS_AND_CLIENT, WINDOW);
  const db = await getDb();
  const [user] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, input.email))
    .orderBy(desc(isNull(schema.users.deletedAt)), desc(schema.users.createdAt))
    .limit(1);
  // guesses from many addresses at once are capped per address; a browser that signed in to the
  // account with its present password is counted on its own, so that the cap does not lock the
  // owner out (decision 0034)
  const device = await knownDevice(client.device, user);
  const takeBack = device
    ? await countTry(`login-device:${device}`, LOGINS_PER_DEVICE, WINDOW)
    : await countTry(`login-address:${input.email}`, LOGINS_PER_ADDRESS, WINDOW, 'error.user.login_guarded');
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !ok) {
    throw new AppError(422, 'error.common.wrong_email_or_password');
  }
  await Promise.all([takeBack(), takeBackClient(), takeBackPair()]);
  if (user.deletedAt) throw new AppError(422, 'error.common.deleted_account');
  if (user.status === STATUS.BANNED) throw new AppError(403, 'error.user.banned');
  return grant(user, input.remember, client);
}

export function isStaff(role: number): boolean {
  return role === ROLE.ADMIN || role === ROLE.DEV;
}

