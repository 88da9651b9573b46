import type { Server } from 'socket.io';
import { getSingleton } from './singleton.ts';

export const userRoom = (userId: string) => `user:${userId}`;
/** Every socket of one session (a signed-in tab or device) joins this room. */
export const sessionRoom = (sessionId: string) => `session:${sessionId}`;
export const STAFF_ROOM = 'staff';

/** The process's socket.io server, when one is attached (not in unit tests or CLI tools). */
export function io(): Server | undefined {
  return getSingleton<Server>('io');
}

/** Sends an event to every tab of a user, in every process (through Redis when configured). */
export function emitToUser(userId: string, event: string, payload: unknown): void {
  io()?.to(userRoom(userId)).emit(event, payload);
}

/** To the user and the staff at once: a staff member's own tab, in both rooms, hears it once. */
export function emitToUserAndStaff(userId: string, event: string, payload: unknown): void {
  io()?.to([userRoom(userId), STAFF_ROOM]).emit(event, payload);
}

export function emitToStaff(event: string, payload: unknown): void {
  io()?.to(STAFF_ROOM).emit(event, payload);
}

/** Ends the sockets of these sessions, in every process: a revoked session hears nothing more. */
export function disconnectSessions(sessionIds: string[]): void {
  if (sessionIds.length) io()?.in(sessionIds.map(sessionRoom)).disconnectSockets(true);
}

/** Ends every socket of a user, in every process (account deletion, a ban). */
export function disconnectUser(userId: string): void {
  io()?.in(userRoom(userId)).disconnectSockets(true);
}
