import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb, prepared, schema, type Db } from '../db/index.ts';
import { disconnectSessions } from '../emit.ts';
import { randomToken, sha256 } from './tokens.ts';

export const REFRESH_COOKIE = 'rt';
const PERSISTENT_DAYS = 30;
const BROWSER_SESSION_DAYS = 1;
/** After a rotation the previous token still counts this long: parallel tabs refresh together. */
const ROTATION_GRACE_MS = 30_000;

export type SessionRow = typeof schema.sessions.$inferSelect;
export type UserRow = typeof schema.users.$inferSelect;

export async function createSession(
  userId: string,
  { persistent, ip, userAgent }: { persistent: boolean; ip?: string; userAgent?: string },
): Promise<{ session: SessionRow; token: string }> {
  const db = await getDb();
  const token = randomToken();
  const days = persistent ? PERSISTENT_DAYS : BROWSER_SESSION_DAYS;
  const [session] = await db
    .insert(schema.sessions)
    .values({
      userId,
      tokenHash: sha256(token),
      persistent,
      expiresAt: new Date(Date.now() + days * 86_400_000),
      ip,
      userAgent: userAgent?.slice(0, 300),
    })
    .returning();
  return { session: session!, token };
}

/**
 * The live session and user behind a refresh token, or undefined. A token replaced by a rotation
 * more than the grace period ago is a stolen copy or its victim: the whole session ends (token
 * reuse detection), so that neither the thief nor the owner keeps it.
 */
export async function findByToken(token: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const found = await findLiveByToken(token);
  if (found) return found;
  const db = await getDb();
  const reused = await db
    .update(schema.sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(schema.sessions.previousTokenHash, sha256(token)), isNull(schema.sessions.revokedAt)))
    .returning({ id: schema.sessions.id });
  disconnectSessions(reused.map((r) => r.id));
  return undefined;
}

async function findLiveByToken(token: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const query = await prepared('session_by_token', (db) =>
    db
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(
        and(
          or(
            eq(schema.sessions.tokenHash, sql.placeholder('hash')),
            and(eq(schema.sessions.previousTokenHash, sql.placeholder('hash')), gt(schema.sessions.rotatedAt, sql.placeholder('graceStart'))),
          ),
          isNull(schema.sessions.revokedAt),
          gt(schema.sessions.expiresAt, sql.placeholder('now')),
          isNull(schema.users.deletedAt),
        ),
      )
      .limit(1)
      .prepare('session_by_token'),
  );
  const now = Date.now();
  const [row] = await query.execute({ hash: sha256(token), graceStart: new Date(now - ROTATION_GRACE_MS), now: new Date(now) });
  return row;
}

export async function findById(sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const query = await prepared('session_by_id', (db) =>
    db
      .select({ session: schema.sessions, user: schema.users })
      .from(schema.sessions)
      .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
      .where(
        and(
          eq(schema.sessions.id, sql.placeholder('id')),
          isNull(schema.sessions.revokedAt),
          gt(schema.sessions.expiresAt, sql.placeholder('now')),
          isNull(schema.users.deletedAt),
        ),
      )
      .limit(1)
      .prepare('session_by_id'),
  );
  const [row] = await query.execute({ id: sessionId, now: new Date() });
  return row;
}

/** Replaces the session's token; a persistent session's life starts again. */
export async function rotate(session: SessionRow): Promise<string> {
  const db = await getDb();
  const token = randomToken();
  const days = session.persistent ? PERSISTENT_DAYS : BROWSER_SESSION_DAYS;
  await db
    .update(schema.sessions)
    .set({
      tokenHash: sha256(token),
      previousTokenHash: session.tokenHash,
      rotatedAt: new Date(),
      expiresAt: new Date(Date.now() + days * 86_400_000),
    })
    .where(eq(schema.sessions.id, session.id));
  return token;
}

/** Ends a session: its refresh token, its access tokens and its sockets stop working. */
export async function revoke(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(schema.sessions).set({ revokedAt: new Date() }).where(eq(schema.sessions.id, sessionId));
  disconnectSessions([sessionId]);
}

/** Ends every session of a user but `except` (the one changing its password keeps going). */
export async function revokeAllOf(userId: string, { except, tx }: { except?: string; tx?: Db } = {}): Promise<string[]> {
  const db = tx ?? (await getDb());
  const revoked = await db
    .update(schema.sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(schema.sessions.userId, userId), isNull(schema.sessions.revokedAt), except ? ne(schema.sessions.id, except) : undefined))
    .returning({ id: schema.sessions.id });
  const ids = revoked.map((r) => r.id);
  // inside a transaction the sockets end once it committed: the caller does it
  if (!tx) disconnectSessions(ids);
  return ids;
}

export function cookieOptions(persistent: boolean, secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    ...(persistent ? { maxAge: PERSISTENT_DAYS * 86_400 } : {}),
  };
}

