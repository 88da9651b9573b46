import { atom } from 'nanostores';

export interface AuthState {
  token: string;
  tokenExpires: number;
}

/** The access token held in this tab; empty at start (SPEC.md §4). */
export const $auth = atom<AuthState | null>(null);

export function setToken(token: string, tokenExpires: number): void {
  $auth.set({ token, tokenExpires });
}

export function removeToken(): void {
  $auth.set(null);
}
