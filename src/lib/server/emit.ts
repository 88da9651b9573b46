import type { Server } from 'socket.io';
import { getSingleton } from './singleton.ts';

export const userRoom = (userId: string) => `user:${userId}`;
export const STAFF_ROOM = 'staff';

/** The process's socket.io server, when one is attached (not in unit tests or CLI tools). */
export function io(): Server | undefined {
  return getSingleton<Server>('io');
}

/** Sends an event to every tab of a user, in every process (through Redis when configured). */
export function emitToUser(userId: string, event: string, payload: unknown): void {
  io()?.to(userRoom(userId)).emit(event, payload);
}

export function emitToStaff(event: string, payload: unknown): void {
  io()?.to(STAFF_ROOM).emit(event, payload);
}
