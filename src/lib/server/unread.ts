import { and, eq, isNull, sql } from 'drizzle-orm';
import { getDb, prepared, schema } from './db/index.ts';

/** Unread chat messages of a user, for the header's dot and the User entity's unreadMessage. */
export async function unreadCount(userId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.chatMessages)
    .where(and(eq(schema.chatMessages.recipientId, userId), isNull(schema.chatMessages.readAt)));
  return row?.n ?? 0;
}

/**
 * The header's two dots, unread chat messages and unread notifications, in one prepared
 * statement: every signed-in page asks for them.
 */
export async function headerCounts(userId: string): Promise<{ messages: number; notifications: number }> {
  const query = await prepared('header_counts', (db) =>
    db
      .select({
        messages: sql<number>`(select count(*)::int from ${schema.chatMessages} where ${schema.chatMessages.recipientId} = ${sql.placeholder('user')} and ${schema.chatMessages.readAt} is null)`,
        notifications: sql<number>`(select count(*)::int from ${schema.notifications} where ${schema.notifications.userId} = ${sql.placeholder('user')} and ${schema.notifications.readAt} is null)`,
      })
      .from(sql`(select 1) as one`)
      .prepare('header_counts'),
  );
  const [row] = await query.execute({ user: userId });
  return row ?? { messages: 0, notifications: 0 };
}
