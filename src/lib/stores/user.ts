import { atom } from 'nanostores';
import type { InviteDto, UserDto } from '../schemas/user.ts';

/** The signed-in user as the islands know them; pages seed it from the server's copy. */
export const $user = atom<UserDto | null>(null);

export function setUser(user: UserDto | null): void {
  $user.set(user);
}

export function patchUser(patch: Partial<UserDto>): void {
  const user = $user.get();
  if (user) $user.set({ ...user, ...patch });
}

/** 'My recruiters' and 'My customers' share one list: an invite refreshes both. */
export const $invites = atom<InviteDto[]>([]);

/** Adding an entry replaces an earlier one with the same email and puts it first (SPEC.md §4). */
export function addInvite(entry: InviteDto): void {
  $invites.set([entry, ...$invites.get().filter((i) => i.email !== entry.email)]);
}
