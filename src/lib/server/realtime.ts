import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import { resolveSocketUser } from './auth/socket.ts';
import { env } from './env.ts';
import { clearSingleton, singleton } from './singleton.ts';
import { sessionRoom, STAFF_ROOM, userRoom } from './emit.ts';
import { liveSessions } from './auth/socket.ts';
import { isDatabaseUnavailable, logError, logUnavailable } from './errors.ts';

/** Disconnects this process's sockets whose session was revoked or expired, or whose user is gone. */
export async function endDeadSessions(io: Server): Promise<number> {
  const sockets = [...io.of('/').sockets.values()];
  const live = await liveSessions([...new Set(sockets.map((s) => s.data.sessionId as string))]);
  const dead = sockets.filter((s) => !live.has(s.data.sessionId as string));
  for (const socket of dead) socket.disconnect(true);
  return dead.length;
}
import { registerChatEvents } from './socket-events.ts';
import { logger } from './log.ts';

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
    pub.on('error', (error) => logger.error({ tag: 'ws' }, `[ws] redis: ${error.message}`));
    sub.on('error', (error) => logger.error({ tag: 'ws' }, `[ws] redis: ${error.message}`));
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
    let who: Awaited<ReturnType<typeof resolveSocketUser>> | undefined;
    try {
      who = token ? await resolveSocketUser(token) : undefined;
    } catch (error) {
      // the database cannot say who it is: no verdict on the token, the client tries again
      if (isDatabaseUnavailable(error)) {
        logUnavailable('ws', error);
        return next(new Error('error.common.unavailable'));
      }
      who = undefined;
    }
    if (!who) return next(new Error('error.common.unauthorized'));
    socket.data.userId = who.id;
    socket.data.sessionId = who.sessionId;
    socket.data.staff = who.staff;
    next();
  });
  io.on('connection', (socket) => {
    const userId = socket.data.userId as string;
    const sessionId = socket.data.sessionId as string;
    void socket.join([userRoom(userId), sessionRoom(sessionId)]);
    if (socket.data.staff) void socket.join(STAFF_ROOM);
    registerChatEvents(socket, userId, sessionId);
  });
  // revocation ends sockets at once (emit.ts); this sweep catches what no process was told of,
  // such as a ban from the command line or a session that simply expired
  const sweep = setInterval(() => void endDeadSessions(io).catch((error: unknown) => logError('ws', error)), env().SESSION_SWEEP_SECONDS * 1000);
  sweep.unref();
  httpServer.once('close', () => clearInterval(sweep));
  clearSingleton('io');
  singleton('io', () => io);
  return io;
}

