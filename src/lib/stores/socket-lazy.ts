import type { Socket } from 'socket.io-client';

/**
 * The tab's socket (socket.ts), its module loaded on first use: socket.io-client is 14 KB gzip
 * that the chat and help islands do not need to hydrate, only to talk, so on a slow line they
 * work that much sooner (issue 12) and connect right after.
 */
export function getSocket(): Promise<Socket | null> {
  return import('./socket.ts').then((module) => module.getSocket());
}
