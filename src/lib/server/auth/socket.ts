import { ROLE, STATUS } from '../../schemas/auth.ts';
import { and, eq, gt, inArray, isNull } from 'drizzle-orm';
import { getDb, schema } from '../db/index.ts';
import { findById, type UserRow } from './sessions.ts';
import { readAccessToken } from './tokens.ts';

/** The user behind an access token, when its session is live and the user verified. */
export async function resolveSocketUser(token: string): Promise<{ id: string; sessionId: string; staff: boolean } | undefined> {
  const claims = await readAccessToken(token);
  if (!claims) return undefined;
  return liveSocketUser(claims.sid, claims.sub).then((user) =>
    user ? { id: user.id, sessionId: claims.sid, staff: user.role === ROLE.ADMIN || user.role === ROLE.DEV } : undefined,
  );
}

/** The socket's user while its session lives (not revoked, not expired, user active), else undefined. */
export async function liveSocketUser(sessionId: string, userId: string): Promise<UserRow | undefined> {
  const found = await findById(sessionId);
  return found && found.user.id === userId && found.user.status === STATUS.ACTIVE ? found.user : undefined;
}

/** Of these sessions, the ones that still live with an active user: the others' sockets must end. */
export async function liveSessions(sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const db = await getDb();
  const rows = await db
    .select({ id: schema.sessions.id })
    .from(schema.sessions)
    .innerJoin(schema.users, eq(schema.users.id, schema.sessions.userId))
    .where(
      and(
        inArray(schema.sessions.id, sessionIds),
        isNull(schema.sessions.revokedAt),
        gt(schema.sessions.expiresAt, new Date()),
        isNull(schema.users.deletedAt),
        eq(schema.users.status, STATUS.ACTIVE),
      ),
    );
  return new Set(rows.map((r) => r.id));
}
