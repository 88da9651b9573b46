import type { Socket } from 'socket.io';
import { AppError, parse } from './http.ts';
import { liveSocketUser } from './auth/socket.ts';
import { logError } from './errors.ts';
import { markRead, sendMessage } from './chat.ts';
import { ChatMessageSchema, ChatReadSchema } from '../schemas/chat.ts';
import type { UserRow } from './users.ts';

type Ack = (answer: unknown) => void;

function errorKey(error: unknown): string {
  if (error instanceof AppError) return error.errors ? Object.values(error.errors)[0] ?? error.key : error.key;
  logError('ws', error);
  return 'error.internal';
}

/**
 * SPEC.md §7 Real-time: emit chat-message (recipientId, text), emit chat-message-read (messageIds).
 * Each event first checks that the socket's session still lives; a revoked one ends the socket.
 * Acknowledgements carry error keys of the translation files, never raw messages.
 */
export function registerChatEvents(socket: Socket, userId: string, sessionId: string): void {
  const signedIn = async (): Promise<UserRow> => {
    const user = await liveSocketUser(sessionId, userId);
    if (!user) {
      socket.disconnect(true);
      throw new AppError(401, 'error.common.unauthorized');
    }
    return user;
  };
  // a client may send without a callback (SPEC.md's clients do for read receipts): the work is done all the same
  const handle = (work: (payload: unknown) => Promise<Record<string, unknown>>) => async (payload: unknown, ack?: unknown) => {
    let answer: Record<string, unknown>;
    try {
      answer = { ok: true, ...(await work(payload)) };
    } catch (error) {
      answer = { ok: false, error: errorKey(error) };
    }
    if (typeof ack === 'function') (ack as Ack)(answer);
  };
  socket.on(
    'chat-message',
    handle(async (payload) => {
      const user = await signedIn();
      const { recipientId, text } = parse(ChatMessageSchema, payload);
      return { message: await sendMessage(user, recipientId, text) };
    }),
  );
  socket.on(
    'chat-message-read',
    handle(async (payload) => {
      const user = await signedIn();
      const { messageIds } = parse(ChatReadSchema, payload);
      return { messageIds: await markRead(user, messageIds) };
    }),
  );
}
