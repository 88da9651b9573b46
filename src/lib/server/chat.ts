import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { limit } from './ratelimit.ts';
import { AppError, notFound } from './http.ts';
import { emitToUser } from './emit.ts';
import { CHAT_UNREAD_MINUTES, scheduleChatCheck } from './notifications.ts';
import { MAX_MESSAGE_LENGTH, type ChatDto, type ChatUser, type MessageDto } from '../schemas/chat.ts';
import type { UserRow } from './users.ts';
import { UUID } from '../uuid.ts';

type MessageRow = Omit<typeof schema.chatMessages.$inferSelect, 'notifiedAt'>;

export const PAGE_SIZE = 30;
/** A person types faster than this only when something types for them. */
const MESSAGES_PER_10_SECONDS = 10;
const MESSAGES_PER_HOUR = 300;

export function toMessage(row: MessageRow): MessageDto {
  return { id: row.id, userId: row.senderId, recipientId: row.recipientId, text: row.text, createdAt: row.createdAt.toISOString(), read: row.readAt !== null };
}

function chatUser(user: UserRow): ChatUser {
  return { id: user.id, name: user.name, surname: user.surname, image: user.image };
}

/** Someone the user may chat with: a live, verified person of the same space (DECISIONS.md). */
export async function partner(user: UserRow, otherId: string): Promise<UserRow> {
  if (!UUID.test(otherId) || otherId === user.id || !user.spaceId) throw notFound();
  const db = await getDb();
  const [other] = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.id, otherId), eq(schema.users.spaceId, user.spaceId), isNull(schema.users.deletedAt), eq(schema.users.status, 2)));
  if (!other) throw notFound();
  return other;
}

/** People of the space one can write to, for starting a chat. */
export async function contacts(user: UserRow): Promise<ChatUser[]> {
  if (!user.spaceId) return [];
  const db = await getDb();
  const rows = await db
    .select()
    .from(schema.users)
    .where(and(eq(schema.users.spaceId, user.spaceId), ne(schema.users.id, user.id), isNull(schema.users.deletedAt), eq(schema.users.status, 2)))
    .orderBy(schema.users.surname, schema.users.name);
  return rows.map((row) => ({ ...chatUser(row), role: row.role }));
}

/** Stores a message, then delivers it to every tab of both people. */
export async function sendMessage(user: UserRow, recipientId: string, text: string): Promise<MessageDto> {
  if (!text.trim()) throw new AppError(400, 'chat.error.empty', { text: 'chat.error.empty' });
  if (text.length > MAX_MESSAGE_LENGTH) throw new AppError(400, 'chat.error.too_long', { text: 'chat.error.too_long' });
  const other = await partner(user, recipientId);
  await limit([[`chat-burst:${user.id}`, MESSAGES_PER_10_SECONDS]], 10);
  await limit([[`chat-hour:${user.id}`, MESSAGES_PER_HOUR]], 3600);
  const db = await getDb();
  // the message and the check whether it stays unread commit together
  const row = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(schema.chatMessages).values({ spaceId: user.spaceId!, senderId: user.id, recipientId: other.id, text }).returning();
    await scheduleChatCheck(tx, other.id, user.id, new Date(inserted!.createdAt.getTime() + CHAT_UNREAD_MINUTES * 60_000));
    return inserted;
  });
  const message = toMessage(row!);
  emitToUser(other.id, 'chat-message', message);
  emitToUser(user.id, 'chat-message', message);
  return message;
}

/** Marks incoming messages read; the senders' tabs learn it, and the reader's other tabs too. */
export async function markRead(user: UserRow, messageIds: string[]): Promise<string[]> {
  const ids = messageIds.filter((id) => UUID.test(id));
  if (!ids.length) return [];
  const db = await getDb();
  const rows = await db
    .update(schema.chatMessages)
    .set({ readAt: new Date() })
    .where(and(inArray(schema.chatMessages.id, ids), eq(schema.chatMessages.recipientId, user.id), isNull(schema.chatMessages.readAt)))
    .returning({ id: schema.chatMessages.id, senderId: schema.chatMessages.senderId });
  const bySender = new Map<string, string[]>();
  for (const row of rows) bySender.set(row.senderId, [...(bySender.get(row.senderId) ?? []), row.id]);
  for (const [senderId, read] of bySender) emitToUser(senderId, 'chat-message-read', { messageIds: read, readerId: user.id });
  if (rows.length) emitToUser(user.id, 'chat-message-read', { messageIds: rows.map((r) => r.id), readerId: user.id });
  return rows.map((r) => r.id);
}

/** The user's chats, newest first, each with its last message and unread count. */
export async function listChats(user: UserRow): Promise<ChatDto[]> {
  const db = await getDb();
  const m = schema.chatMessages;
  // the newest message per other person; the alias keeps DISTINCT ON and ORDER BY one expression
  const result = await db.execute<{ other: string; id: string; sender_id: string; recipient_id: string; text: string; read_at: Date | null; created_at: Date; space_id: string }>(sql`
    select distinct on (other) *
    from (select case when sender_id = ${user.id} then recipient_id else sender_id end as other, *
          from chat_messages where sender_id = ${user.id} or recipient_id = ${user.id}) as mine
    order by other, created_at desc`);
  const last = result.rows.map((r) => ({
    other: r.other,
    message: { id: r.id, spaceId: r.space_id, senderId: r.sender_id, recipientId: r.recipient_id, text: r.text, readAt: r.read_at && new Date(r.read_at), createdAt: new Date(r.created_at) },
  }));
  if (!last.length) return [];
  const unread = await db
    .select({ senderId: m.senderId, n: sql<number>`count(*)::int` })
    .from(m)
    .where(and(eq(m.recipientId, user.id), isNull(m.readAt)))
    .groupBy(m.senderId);
  const people = await db
    .select()
    .from(schema.users)
    .where(and(inArray(schema.users.id, last.map((l) => l.other)), isNull(schema.users.deletedAt)));
  const byId = new Map(people.map((p) => [p.id, p]));
  const counts = new Map(unread.map((u) => [u.senderId, u.n]));
  return last
    .filter((l) => byId.has(l.other))
    .map((l) => ({ user: chatUser(byId.get(l.other)!), lastMessage: toMessage(l.message), newMessagesCount: counts.get(l.other) ?? 0 }))
    .sort((a, b) => (b.lastMessage!.createdAt > a.lastMessage!.createdAt ? 1 : -1));
}

/** One dialog, newest page first (page 1); each page is in time order. */
export async function getMessages(user: UserRow, otherId: string, page: number): Promise<{ user: ChatUser; data: MessageDto[]; pagination: { currentPage: number; totalPages: number; totalRecords: number } }> {
  const other = await partner(user, otherId);
  const db = await getDb();
  const m = schema.chatMessages;
  const pair = and(
    sql`least(${m.senderId}, ${m.recipientId}) = least(${user.id}::uuid, ${other.id}::uuid)`,
    sql`greatest(${m.senderId}, ${m.recipientId}) = greatest(${user.id}::uuid, ${other.id}::uuid)`,
  );
  const [rows, [counted]] = await Promise.all([
    db.select().from(m).where(pair).orderBy(desc(m.createdAt), desc(m.id)).limit(PAGE_SIZE).offset((page - 1) * PAGE_SIZE),
    db.select({ total: sql<number>`count(*)::int` }).from(m).where(pair),
  ]);
  const total = counted?.total ?? 0;
  return {
    user: chatUser(other),
    data: rows.reverse().map(toMessage),
    pagination: { currentPage: page, totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)), totalRecords: total },
  };
}
