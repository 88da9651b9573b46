import crypto from 'node:crypto';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { getDb, schema } from '../db/index.ts';
import { AppError, notFound, tooMany } from '../http.ts';
import { hit } from '../ratelimit.ts';
import { sendMail } from '../mail.ts';
import { translator } from '../../i18n/messages.ts';
import type { Locale } from '../../i18n/index.ts';
import { ROLE, STATUS, type Role } from '../../schemas/auth.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { createSession, type SessionRow, type UserRow } from './sessions.ts';
import { issueAccessToken, sha256 } from './tokens.ts';

const CODE_MINUTES = 15;
const CODE_SENDS_PER_HOUR = 5;
const CODE_TRIES = 5;
const LOGINS_PER_15_MINUTES = 10;

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
}

async function grant(user: UserRow, persistent: boolean, client: ClientInfo): Promise<SessionGrant> {
  const { session, token } = await createSession(user.id, { persistent, ...client });
  const access = await issueAccessToken(user.id, session.id);
  return { user, session, refreshToken: token, ...access };
}

export async function findLiveUserByEmail(email: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.email, email), isNull(schema.users.deletedAt)));
  return user;
}

function newCode(): string {
  return String(crypto.randomInt(0, 10_000)).padStart(4, '0');
}

/** Sends a fresh verification code, replacing any earlier one. Limited per address and hour. */
export async function sendVerificationCode(user: UserRow, locale: Locale): Promise<void> {
  if (!(await hit(`code-send:${user.id}`, CODE_SENDS_PER_HOUR, 3600))) {
    throw tooMany('error.user.email_send_max_attempts_reached');
  }
  const db = await getDb();
  const code = newCode();
  await db.transaction(async (tx) => {
    await tx
      .update(schema.emailCodes)
      .set({ usedAt: new Date() })
      .where(and(eq(schema.emailCodes.userId, user.id), eq(schema.emailCodes.purpose, 'verify'), isNull(schema.emailCodes.usedAt)));
    await tx.insert(schema.emailCodes).values({
      userId: user.id,
      purpose: 'verify',
      codeHash: sha256(`${user.id}:${code}`),
      expiresAt: new Date(Date.now() + CODE_MINUTES * 60_000),
    });
  });
  const t = translator(locale);
  await sendMail({
    to: user.email,
    subject: t('mail.verify_subject', { code }),
    text: `${t('mail.verify_text', { code })}\n\n${t('mail.signature')}`,
  });
}

export async function register(
  input: { email: string; password: string; role: Role; settings?: { lang?: Locale } },
  locale: Locale,
  client: ClientInfo,
): Promise<SessionGrant> {
  const lang = input.settings?.lang ?? locale;
  if (await findLiveUserByEmail(input.email)) {
    throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });
  }
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const [space] = await tx.insert(schema.spaces).values({}).returning();
      const [created] = await tx
        .insert(schema.users)
        .values({
          email: input.email,
          passwordHash,
          role: input.role,
          status: STATUS.NOT_VERIFIED,
          lang,
          spaceId: space!.id,
        })
        .returning();
      return created!;
    });
  } catch (error) {
    // two registrations of one address at once: the unique index decides
    if ((error as { code?: string }).code === '23505') {
      throw new AppError(422, 'error.user.email_exists', { email: 'error.user.email_exists' });
    }
    throw error;
  }
  await sendVerificationCode(user, lang);
  return grant(user, true, client);
}

export async function verifyEmail(email: string, code: string): Promise<UserRow> {
  const user = await findLiveUserByEmail(email);
  if (!user) throw new AppError(422, 'error.user.wrong_code', { code: 'error.user.wrong_code' });
  if (user.status !== STATUS.NOT_VERIFIED) return user;
  const db = await getDb();
  const [pending] = await db
    .select()
    .from(schema.emailCodes)
    .where(and(eq(schema.emailCodes.userId, user.id), eq(schema.emailCodes.purpose, 'verify'), isNull(schema.emailCodes.usedAt)))
    .orderBy(desc(schema.emailCodes.createdAt))
    .limit(1);
  if (!pending || pending.expiresAt < new Date() || pending.attempts >= CODE_TRIES) {
    throw new AppError(422, 'error.user.code_send_max_attempts_reached', { code: 'error.user.code_send_max_attempts_reached' });
  }
  if (pending.codeHash !== sha256(`${user.id}:${code}`)) {
    const attempts = pending.attempts + 1;
    await db.update(schema.emailCodes).set({ attempts }).where(eq(schema.emailCodes.id, pending.id));
    const key = attempts >= CODE_TRIES ? 'error.user.code_send_max_attempts_reached' : 'error.user.wrong_code';
    throw new AppError(422, key, { code: key });
  }
  return db.transaction(async (tx) => {
    await tx.update(schema.emailCodes).set({ usedAt: new Date() }).where(eq(schema.emailCodes.id, pending.id));
    const [active] = await tx
      .update(schema.users)
      .set({ status: STATUS.ACTIVE })
      .where(eq(schema.users.id, user.id))
      .returning();
    return active!;
  });
}

export async function resendCode(email: string, locale: Locale): Promise<void> {
  const user = await findLiveUserByEmail(email);
  if (!user) throw notFound();
  if (user.status !== STATUS.NOT_VERIFIED) throw new AppError(409, 'error.user.already_verified');
  await sendVerificationCode(user, locale);
}

// compared against when the address is unknown, so both cases take the same time
const decoyHash = hashPassword(crypto.randomBytes(16).toString('hex'));

export async function login(
  input: { email: string; password: string; remember: boolean },
  client: ClientInfo,
): Promise<SessionGrant> {
  if (!(await hit(`login:${input.email}`, LOGINS_PER_15_MINUTES, 900))) throw tooMany();
  const db = await getDb();
  const [user] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, input.email))
    .orderBy(desc(isNull(schema.users.deletedAt)), desc(schema.users.createdAt))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash), input.password);
  if (!user || !ok) {
    throw new AppError(422, 'error.common.wrong_email_or_password');
  }
  if (user.deletedAt) throw new AppError(422, 'error.common.deleted_account');
  if (user.status === STATUS.BANNED) throw new AppError(403, 'error.user.banned');
  return grant(user, input.remember, client);
}

export function isStaff(role: number): boolean {
  return role === ROLE.ADMIN || role === ROLE.DEV;
}

