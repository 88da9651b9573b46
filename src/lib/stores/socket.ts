import { io, type Socket } from 'socket.io-client';
import { $auth } from './auth.ts';
import { refreshToken } from '../client/api.ts';
import { $hasUnread, followUnread } from './chat.ts';
import { badgeCount } from '../numbers.ts';

let socket: Socket | null = null;
let tornDown = false;

/** A token that is still good for a few seconds, refreshed through the cookie when not. */
async function freshToken(): Promise<string | null> {
  const auth = $auth.get();
  if (auth && auth.tokenExpires - Date.now() > 10_000) return auth.token;
  return (await refreshToken()) ? ($auth.get()?.token ?? null) : null;
}

/**
 * The tab's one socket (SPEC.md §4): created once an auth token exists, once only, and not
 * created again after teardown. Every (re)connection asks for a fresh token, so an expired one
 * does not end the connection for good. Reconnects forever, 1 s up to 5 s apart (SPEC.md §9).
 */
export async function getSocket(): Promise<Socket | null> {
  if (socket || tornDown) return socket;
  const token = await freshToken();
  if (!token || socket || tornDown) return socket;
  socket = io({
    path: '/ws',
    transports: ['websocket', 'polling'],
    reconnection: true,
    reconnectionAttempts: Infinity,
    reconnectionDelay: 1000,
    reconnectionDelayMax: 5000,
    timeout: 20000,
    auth: (cb) => {
      freshToken()
        .then((value) => cb({ token: value }))
        .catch(() => cb({ token: null }));
    },
  });
  followUnread(socket);
  // the header's Chats link is a plain link too, its dot from the page's HTML until now
  $hasUnread.subscribe((unread) => {
    for (const link of document.querySelectorAll<HTMLAnchorElement>('a.chat-link')) {
      link.dataset.unread = unread ? 'true' : 'false';
      if (unread) link.setAttribute('aria-label', link.dataset.unreadLabel ?? '');
      else link.removeAttribute('aria-label');
    }
  });
  // the header's bell is a plain link: the server sends the whole unread count after every
  // change (a new notification, a read in any tab), so a missed event is set right by the next
  socket.on('notifications', ({ unread }: { unread: number }) => {
    for (const count of document.querySelectorAll('a.bell b')) count.textContent = badgeCount(unread);
  });
  socket.on('connect', () => console.log('[ws] connected'));
  // errors are logged only (SPEC.md §7)
  socket.on('connect_error', (error) => {
    console.warn('[ws] connect error', error.message);
    // a refusal by the server's check is final for socket.io, but not one for a database that
    // could not be reached (a 503): then the connection is tried again a little later
    const current = socket;
    if (error.message === 'error.common.unavailable' && current && !current.active) {
      setTimeout(() => {
        if (socket === current && !tornDown) current.connect();
      }, 5000);
    }
  });
  return socket;
}

export function teardownSocket(): void {
  tornDown = true;
  socket?.disconnect();
  socket = null;
}
