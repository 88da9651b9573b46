import { atom } from 'nanostores';
import type { Socket } from 'socket.io-client';

/** What the header rendered on the server: the bell's unread count (`data-notifications-seed`). */
function seed(): number {
  if (typeof document === 'undefined') return 0;
  return Number(document.querySelector<HTMLElement>('[data-notifications-seed]')?.dataset.notificationsSeed) || 0;
}

/** Unread notifications, for the bell: from the page, then live. */
export const $notifications = atom(seed());

export function setNotifications(unread: number): void {
  $notifications.set(Math.max(0, unread));
}

/**
 * The server sends the whole count after every change (a new notification, a read in any tab),
 * so a missed event is set right by the next one. Wired where the socket is made.
 */
export function followNotifications(socket: Socket): void {
  socket.on('notifications', ({ unread }: { unread: number }) => {
    if (typeof unread === 'number') setNotifications(unread);
  });
}
