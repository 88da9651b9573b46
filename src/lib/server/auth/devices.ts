/**
 * Browsers an account has signed in on (decision 0034). Guesses at one address from many places
 * are capped per address; the cap must not lock the owner out, so a browser that signed in with
 * "remember me" carries a signed cookie naming the account, and its tries are counted apart. The
 * signature covers the password hash too: a new password (or a new account at the address)
 * retires every cookie made before it, so that whoever once knew an old one keeps no tries.
 */
import type { AstroCookies } from 'astro';
import { env } from '../env.ts';
import { readTokenFor, tokenFor } from './tokens.ts';

export const DEVICE_COOKIE = 'dv';
const DEVICE_DAYS = 365;

interface Account {
  id: string;
  passwordHash: string;
}

const subject = (account: Account) => `device:${account.id}\n${account.passwordHash}`;

/** Marks the browser as one that signed in to `account` (one account per browser: the last). */
export async function rememberDevice(cookies: AstroCookies, account: Account): Promise<void> {
  cookies.set(DEVICE_COOKIE, await tokenFor(subject(account)), {
    httpOnly: true,
    sameSite: 'lax',
    secure: env().PUBLIC_URL.startsWith('https:'),
    path: '/api/v1',
    maxAge: DEVICE_DAYS * 86_400,
  });
}

/** The device's own id when its cookie was made for `account` as it is now; undefined otherwise. */
export function knownDevice(cookie: string | undefined, account: Account | undefined): Promise<string | undefined> {
  return account ? readTokenFor(subject(account), cookie) : Promise.resolve(undefined);
}
