import type { Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import { getDb, schema } from './db/index.ts';
import { AppError } from './http.ts';
import { logError } from './errors.ts';
import { markRead, sendMessage } from './chat.ts';
import { ChatMessageSchema, ChatReadSchema } from '../schemas/chat.ts';
import type { UserRow } from './users.ts';

type Ack = (answer: unknown) => void;

async function currentUser(userId: string): Promise<UserRow | undefined> {
  const db = await getDb();
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  return user && !user.deletedAt && user.status === 2 ? user : undefined;
}

function errorKey(error: unknown): string {
  if (error instanceof AppError) return error.key;
  logError('ws', error);
  return 'error.internal';
}

/** SPEC.md §7 Real-time: emit chat-message (recipientId, text), emit chat-message-read (messageIds). */
export function registerChatEvents(socket: Socket, userId: string): void {
  socket.on('chat-message', async (payload: unknown, ack?: Ack) => {
    try {
      const parsed = ChatMessageSchema.safeParse(payload);
      if (!parsed.success) throw new AppError(400, parsed.error.issues[0]?.message ?? 'validation.invalid');
      const user = await currentUser(userId);
      if (!user) throw new AppError(401, 'error.common.unauthorized');
      const message = await sendMessage(user, parsed.data.recipientId, parsed.data.text);
      ack?.({ ok: true, message });
    } catch (error) {
      ack?.({ ok: false, error: errorKey(error) });
    }
  });
  socket.on('chat-message-read', async (payload: unknown, ack?: Ack) => {
    try {
      const parsed = ChatReadSchema.safeParse(payload);
      if (!parsed.success) throw new AppError(400, 'validation.invalid');
      const user = await currentUser(userId);
      if (!user) throw new AppError(401, 'error.common.unauthorized');
      ack?.({ ok: true, messageIds: await markRead(user, parsed.data.messageIds) });
    } catch (error) {
      ack?.({ ok: false, error: errorKey(error) });
    }
  });
}
