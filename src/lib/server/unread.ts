import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';

/** Unread chat messages of a user, for the header's dot and the User entity's unreadMessage. */
export async function unreadCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.chatMessages)
    .where(and(eq(schema.chatMessages.recipientId, userId), isNull(schema.chatMessages.readAt)));
  return row?.n ?? 0;
}
