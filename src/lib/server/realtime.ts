import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { resolveSocketUser } from './auth/socket.ts';
import { env } from './env.ts';
import { clearSingleton, singleton } from './singleton.ts';
import { STAFF_ROOM, userRoom } from './emit.ts';
import { registerChatEvents } from './socket-events.ts';

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
    const who = token ? await resolveSocketUser(token).catch(() => undefined) : undefined;
    if (!who) return next(new Error('error.common.unauthorized'));
    socket.data.userId = who.id;
    socket.data.staff = who.staff;
    next();
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userRoom(userId));
    if (socket.data.staff) void socket.join(STAFF_ROOM);
    registerChatEvents(socket, userId);
  });
  clearSingleton('io');
  singleton('io', () => io);
  return io;
}

