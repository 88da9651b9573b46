import { endpoint, json } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/auth/context.ts';
import { contacts, listChats } from '../../../../lib/server/chat.ts';

/** The chat list; `contacts` are the people of the space one can start a chat with. */
export const GET = endpoint(async ({ locals }) => {
  const user = requireUser(locals);
  const [chats, people] = await Promise.all([listChats(user), contacts(user)]);
  return json({ chats, contacts: people });
});
