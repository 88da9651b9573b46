/**
 * Devices an address has signed in on (decision 0034). Guesses at one address from many places
 * are capped per address; the cap must not lock the owner out, so a browser that signed in to the
 * address before carries a signed cookie naming it, and its tries are counted apart.
 */
import type { AstroCookies } from 'astro';
import { env } from '../env.ts';
import { readTokenFor, tokenFor } from './tokens.ts';

export const DEVICE_COOKIE = 'dv';
const DEVICE_DAYS = 365;

/** Marks the browser as one that signed in to `email` (one address per browser: the last). */
export async function rememberDevice(cookies: AstroCookies, email: string): Promise<void> {
  cookies.set(DEVICE_COOKIE, await tokenFor(`device:${email}`), {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().PUBLIC_URL.startsWith('https:'),
    path: '/api/v1/auth',
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/** The device's own id when its cookie was made for `email`; undefined for any other browser. */
export function knownDevice(cookie: string | undefined, email: string): Promise<string | undefined> {
  return readTokenFor(`device:${email}`, cookie);
}
