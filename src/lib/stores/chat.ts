import { atom, computed } from 'nanostores';
import type { Socket } from 'socket.io-client';
import type { ChatDto, MessageDto } from '../schemas/chat.ts';

/** What the header rendered on the server: the unread count and whose it is (`data-unread-seed`). */
function headerSeed(): { count: number; me: string | null } {
  if (typeof document === 'undefined') return { count: 0, me: null };
  const element = document.querySelector<HTMLElement>('[data-unread-seed]');
  return { count: Number(element?.dataset.unreadSeed) || 0, me: element?.dataset.userId ?? null };
}

/** SPEC.md §4 Chat list. */
export const $chats = atom<ChatDto[]>([]);
export const $messages = atom<MessageDto[]>([]);
export const $openChat = atom<string | null>(null);
/** Unread incoming messages across all chats, for the header's dot: from the page, then live. */
export const $unread = atom(headerSeed().count);
export const $hasUnread = computed($unread, (n) => n > 0);

export function setChats(chats: ChatDto[]): void {
  $chats.set(chats);
}

/** Loaded messages are appended, skipping ids already present; kept in time order. */
export function addMessages(messages: MessageDto[]): void {
  const known = new Set($messages.get().map((m) => m.id));
  const merged = [...$messages.get(), ...messages.filter((m) => !known.has(m.id))];
  merged.sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  $messages.set(merged);
}

/** Marking read sets the read flag by id. */
export function markMessagesRead(ids: string[]): void {
  const set = new Set(ids);
  $messages.set($messages.get().map((m) => (set.has(m.id) ? { ...m, read: true } : m)));
}

/** The unread count can be raised or lowered by a count. */
export function changeUnread(by: number): void {
  $unread.set(Math.max(0, $unread.get() + by));
}

/** Setting a last message moves that chat to the top (and counts it unread when it is not open). */
export function setLastMessage(otherId: string, message: MessageDto, incoming: boolean): void {
  const chats = $chats.get();
  const current = chats.find((c) => c.user.id === otherId);
  if (!current) return;
  const unread = incoming && $openChat.get() !== otherId ? current.newMessagesCount + 1 : current.newMessagesCount;
  $chats.set([{ ...current, lastMessage: message, newMessagesCount: unread }, ...chats.filter((c) => c.user.id !== otherId)]);
}

/** A chat's unread messages were read: its count drops to zero. */
export function clearChatUnread(otherId: string): void {
  $chats.set($chats.get().map((c) => (c.user.id === otherId ? { ...c, newMessagesCount: 0 } : c)));
}

/**
 * Keeps the unread count in step with the tab's socket from the moment the socket exists: a new
 * incoming message raises it unless that chat is open, reading (in any tab) lowers it. Wired
 * where the socket is made, so no event is missed while an island is still waiting to hydrate.
 */
export function followUnread(socket: Socket): void {
  const { me } = headerSeed();
  if (!me) return;
  socket.on('chat-message', (message: MessageDto) => {
    if (message.recipientId === me && $openChat.get() !== message.userId) changeUnread(1);
  });
  socket.on('chat-message-read', ({ messageIds, readerId }: { messageIds: string[]; readerId: string }) => {
    if (readerId === me) changeUnread(-messageIds.length);
  });
}

/** Removing chats empties chats and messages. */
export function removeChats(): void {
  $chats.set([]);
  $messages.set([]);
}
