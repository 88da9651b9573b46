import { MAX_PAGE } from '../../../../lib/schemas/candidate.ts';
import { endpoint, json, parse, readBody } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { getMessages, markRead, sendMessage } from '../../../../lib/server/chat.ts';
import { ChatMessageSchema, ChatPageQuerySchema, ChatReadSchema } from '../../../../lib/schemas/chat.ts';

/** A dialog's messages, newest page first (`page` from 1). */
export const GET = endpoint(async ({ locals, params, url }) => {
  const user = requireUser(locals);
  const query = parse(ChatPageQuerySchema, Object.fromEntries(url.searchParams));
  const page = Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(query.page ?? '1')) || 1));
  return json(await getMessages(user, params.id!, page));
});

/** Sending through HTTP is the same as the socket's chat-message, for clients without one. */
export const POST = endpoint(async ({ locals, params, request }) => {
  const user = requireUser(locals);
  const { recipientId, text } = parse(ChatMessageSchema, { ...(await readBody(request)), recipientId: params.id });
  return json(await sendMessage(user, recipientId, text), { status: 201 });
});

/** Marks messages of this dialog read, like the socket's chat-message-read. */
export const PUT = endpoint(async ({ locals, request }) => {
  const user = requireUser(locals);
  const { messageIds } = parse(ChatReadSchema, await readBody(request));
  return json({ messageIds: await markRead(user, messageIds) });
});
