import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { resolveAuthToken } from './auth/socket.ts';
import { env } from './env.ts';
import { getSingleton, singleton } from './singleton.ts';

export const userRoom = (userId: string) => `user:${userId}`;

export interface RealtimeHandlers {
  /** Called for each authenticated connection; later features add their events here. */
  onConnection?: (socket: Socket, userId: string) => void;
}

const handlers: Required<RealtimeHandlers>['onConnection'][] = singleton('realtime-handlers', () => []);

/** Features register their socket events once at load; every connection gets them. */
export function onSocketConnection(handler: Required<RealtimeHandlers>['onConnection']): void {
  handlers.push(handler);
}

/**
 * Attaches socket.io at /ws to the HTTP server, the same function for `npm start` and for
 * `npm run dev`. Each signed-in socket joins its user's room; with REDIS_URL rooms span processes.
 */
export async function attachRealtime(httpServer: HttpServer): Promise<Server> {
  const io = new Server(httpServer, {
    path: '/ws',
    serveClient: false,
    maxHttpBufferSize: 64 * 1024,
    cors: { origin: false },
  });
  const { REDIS_URL } = env();
  if (REDIS_URL) {
    const [{ createAdapter }, { createClient }] = await Promise.all([
      import('@socket.io/redis-adapter'),
      import('redis'),
    ]);
    const pub = createClient({ url: REDIS_URL });
    const sub = pub.duplicate();
    pub.on('error', (error) => console.error('[ws] redis', error.message));
    sub.on('error', (error) => console.error('[ws] redis', error.message));
    await Promise.all([pub.connect(), sub.connect()]);
    io.adapter(createAdapter(pub, sub));
    httpServer.once('close', () => {
      void pub.quit().catch(() => {});
      void sub.quit().catch(() => {});
    });
  }
  io.use(async (socket, next) => {
    const header = socket.handshake.headers.authorization;
    const token =
      (typeof socket.handshake.auth?.token === 'string' ? socket.handshake.auth.token : undefined) ??
      (header?.startsWith('Bearer ') ? header.slice(7) : undefined);
    const userId = token ? await resolveAuthToken(token).catch(() => undefined) : undefined;
    if (!userId) return next(new Error('error.common.unauthorized'));
    socket.data.userId = userId;
    next();
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userRoom(userId));
    for (const handler of handlers) handler(socket, userId);
  });
  singleton('io', () => io);
  return io;
}

/** The process's socket.io server, when one is attached (not in unit tests). */
export function io(): Server | undefined {
  return getSingleton<Server>('io');
}

/** Sends an event to every tab of a user, in every process. */
export function emitToUser(userId: string, event: string, payload: unknown): void {
  io()?.to(userRoom(userId)).emit(event, payload);
}
