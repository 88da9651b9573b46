import type { Socket } from 'socket.io-client';

type SocketModule = typeof import('./socket.ts');

/** Between tries of a module that did not load: 1 s, then 2 s, then every 5 s (as the socket reconnects). */
const RETRY_MS = [1000, 2000, 5000] as const;

let socketModule: Promise<SocketModule> | undefined;

/**
 * The module of the tab's socket (socket.ts), loaded on first use: socket.io-client is 14 KB gzip
 * that the chat and help islands do not need to hydrate, only to talk, so on a slow line they
 * work that much sooner (issue 12). A load that fails (a dropped line) is tried again until it
 * succeeds, so the islands' listeners are attached late rather than never.
 */
function loadSocketModule(): Promise<SocketModule> {
  socketModule ??= (async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await import('./socket.ts');
      } catch (error) {
        // errors are logged only (SPEC.md §7)
        console.warn('[ws] the socket module did not load; trying again', (error as Error).message);
        await new Promise((resolve) => setTimeout(resolve, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]));
      }
    }
  })();
  return socketModule;
}

/** The tab's socket, or null without a session; it waits for its module however long that takes. */
export function getSocket(): Promise<Socket | null> {
  return loadSocketModule().then((module) => module.getSocket());
}

/** The tab's socket, or undefined when it is not there within `ms` (a send gives up and says so). */
export function socketWithin(ms: number): Promise<Socket | null | undefined> {
  return Promise.race([getSocket(), new Promise<undefined>((resolve) => setTimeout(resolve, ms))]);
}
