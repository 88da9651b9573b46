import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb, schema } from '../db/index.ts';
import { singleton } from '../singleton.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;

/** Generated once per installation and kept in the database, so every process signs alike. */
function secret(): Promise<Buffer> {
  return singleton('token-secret', async () => {
    const db = await getDb();
    const fresh = crypto.randomBytes(32).toString('base64url');
    await db.insert(schema.appSettings).values({ key: 'token_secret', value: fresh }).onConflictDoNothing();
    const [row] = await db.select().from(schema.appSettings).where(eq(schema.appSettings.key, 'token_secret'));
    return Buffer.from(row!.value, 'base64url');
  });
}

export interface AccessClaims {
  sub: string;
  sid: string;
  exp: number;
}

function sign(payload: string, key: Buffer): string {
  return crypto.createHmac('sha256', key).update(payload).digest('base64url');
}

/** A short-lived signed token naming the user and the session it came from. */
export async function issueAccessToken(userId: string, sessionId: string): Promise<{ accessToken: string; tokenExpires: number }> {
  const tokenExpires = Date.now() + ACCESS_TOKEN_SECONDS * 1000;
  const claims: AccessClaims = { sub: userId, sid: sessionId, exp: Math.floor(tokenExpires / 1000) };
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return { accessToken: `${payload}.${sign(payload, await secret())}`, tokenExpires };
}

export async function readAccessToken(token: string): Promise<AccessClaims | undefined> {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(payload, await secret()));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return undefined;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as AccessClaims;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number') return undefined;
    return claims.exp * 1000 > Date.now() ? claims : undefined;
  } catch {
    return undefined;
  }
}

/** A token that only this installation can make for `subject`: a random part and its signature. */
export async function tokenFor(subject: string): Promise<string> {
  const nonce = crypto.randomBytes(16).toString('base64url');
  return `${nonce}.${sign(`${subject}\n${nonce}`, await secret())}`;
}

/** The random part of a token `tokenFor(subject)` made, or undefined for any other value. */
export async function readTokenFor(subject: string, token: string | undefined): Promise<string | undefined> {
  const [nonce, signature, extra] = (token ?? '').split('.');
  if (!nonce || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(`${subject}\n${nonce}`, await secret()));
  const given = Buffer.from(signature);
  return expected.length === given.length && crypto.timingSafeEqual(expected, given) ? nonce : undefined;
}

/** A digest of `value` that only this installation can make (keyed with its secret): a public stand-in for an id. */
export async function keyedDigest(value: string): Promise<string> {
  return sign(value, await secret());
}

export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
