import crypto from 'node:crypto';
import net from 'node:net';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { simpleParser, type ParsedMail } from 'mailparser';
import { inject } from 'vitest';
import { queueSettled as settle } from './queue.ts';

export const baseUrl = () => inject('baseUrl');

/** A made-up client address: the test server believes X-Forwarded-For from loopback (TRUST_PROXY). */
export function randomIp(): string {
  const b = crypto.randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/**
 * A client that keeps cookies like a browser does and sends this site's Origin. Each one comes
 * from an address of its own, as different people do, so that per-client limits see them apart.
 */
export class Client {
  readonly base: string;
  cookies = new Map<string, string>();
  token?: string;
  ip: string;

  constructor(base = baseUrl(), { ip = randomIp() }: { ip?: string } = {}) {
    this.base = base;
    this.ip = ip;
  }

  async request(method: string, pathname: string, options: { body?: unknown; token?: string | null; headers?: Record<string, string>; raw?: BodyInit } = {}) {
    const headers: Record<string, string> = { origin: this.base, 'x-forwarded-for': this.ip, ...options.headers };
    // an empty value leaves the header out (a client that is not a browser sends no Origin)
    for (const [name, value] of Object.entries(headers)) if (value === '') delete headers[name];
    const token = options.token === null ? undefined : (options.token ?? this.token);
    if (token) headers.authorization = `Bearer ${token}`;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body: BodyInit | undefined = options.raw;
    if (options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.body);
    }
    const response = await fetch(this.base + pathname, { method, headers, body, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await response.text();
    let json: any;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, json, text };
  }

  get(pathname: string, options?: Parameters<Client['request']>[2]) {
    return this.request('GET', pathname, options);
  }
  post(pathname: string, body?: unknown, options?: Parameters<Client['request']>[2]) {
    return this.request('POST', pathname, { ...options, body });
  }
  put(pathname: string, body?: unknown, options?: Parameters<Client['request']>[2]) {
    return this.request('PUT', pathname, { ...options, body });
  }
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${crypto.randomBytes(6).toString('hex')}@example.com`;
}

export const PASSWORD = 'Passw0rd!';

// a written .eml never changes: each is parsed once (the outbox of a test run grows to hundreds)
const parsed = new Map<string, { recipients: string[]; mail: ParsedMail }>();

/** Every mail to `to` in the outbox (the product writes .eml files there without SMTP_URL), oldest first. */
export async function mailsTo(to: string, dataDir = inject('dataDir')): Promise<ParsedMail[]> {
  const dir = path.join(dataDir, 'outbox');
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort();
  const mails: ParsedMail[] = [];
  for (const file of files) {
    const full = path.join(dir, file);
    let entry = parsed.get(full);
    if (!entry) {
      const mail = await simpleParser(fs.readFileSync(full));
      entry = { mail, recipients: [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address?.toLowerCase() ?? '') };
      parsed.set(full, entry);
    }
    if (entry.recipients.includes(to.toLowerCase())) mails.push(entry.mail);
  }
  return mails;
}

export interface MailWait {
  /** Where the product writes its outbox (the API tests' product by default). */
  dataDir?: string;
  /** The product's database, to wait for the job that sent the mail to finish. */
  databaseUrl?: string;
  /** Only mails like this count (mails of different jobs may arrive in any order). */
  match?: (mail: ParsedMail) => boolean;
  /** Wait for this many (matching) mails to the address. */
  count?: number;
  timeoutMs?: number;
}

/**
 * The newest (matching) mail to `to`, once at least `count` of them are in the outbox and the
 * queue's job that sent it has finished (a code is valid only from then): mail goes out from the
 * job queue a moment after the request that caused it answered.
 */
export async function lastMail(to: string, { dataDir = inject('dataDir'), databaseUrl = inject('databaseUrl'), count = 1, match, timeoutMs = 15_000 }: MailWait = {}): Promise<ParsedMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const mails = (await mailsTo(to, dataDir)).filter((mail) => !match || match(mail));
    if (mails.length >= count) {
      await queueSettled(databaseUrl, Math.max(1000, deadline - Date.now()));
      // a mail still queued when the first one was found is the newest once the queue settles
      const settled = (await mailsTo(to, dataDir)).filter((mail) => !match || match(mail));
      return settled[settled.length - 1]!;
    }
    if (Date.now() > deadline) throw new Error(`no mail number ${count} to ${to} in ${timeoutMs} ms (found ${mails.length})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const codeIn = (mail: ParsedMail) => /\b(\d{4})\b/.exec(mail.subject ?? '')?.[1];

/** The code in the newest mail to `to`, waiting (as lastMail does) for a mail with a code. */
export async function lastCode(to: string, options: MailWait = {}): Promise<string> {
  return codeIn(await lastMail(to, { match: (mail) => Boolean(codeIn(mail)), ...options }))!;
}

/** queueSettled on the API tests' product (or the database given). */
export function queueSettled(databaseUrl = inject('databaseUrl'), timeoutMs = 15_000): Promise<void> {
  return settle(databaseUrl, timeoutMs);
}

/** Registers and verifies a user of the given role; returns the signed-in client. */
/**
 * Registers and verifies a new account; with `profile` it also takes registration's third step
 * (a name, and a company's name), without which every page sends it back to that step.
 */
export async function signUp(role: 'company' | 'recruiter' | 'customer' = 'company', { verify = true, lang = 'en', profile = true } = {}) {
  const client = new Client();
  const email = uniqueEmail(role);
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role, settings: { lang } });
  if (registered.status !== 201) throw new Error(`register failed: ${registered.status} ${registered.text}`);
  client.token = registered.json.accessToken;
  if (verify) {
    const verified = await client.post('/api/v1/auth/verify/email', { email, code: await lastCode(email) });
    if (verified.status !== 200) throw new Error(`verify failed: ${verified.status} ${verified.text}`);
    if (profile) {
      const named = await client.put('/api/v1/users/profile', { name: 'Sam', surname: 'Newman', ...(role === 'company' ? { companyName: 'Newco' } : {}) });
      if (named.status !== 200) throw new Error(`profile failed: ${named.status} ${named.text}`);
    }
  }
  return { client, email, user: registered.json.user as { id: string } };
}

let pool: pg.Pool | undefined;
/** Direct access to the product's database, to check what an API call left behind. */
export function db(): pg.Pool {
  pool ??= new pg.Pool({ connectionString: inject('databaseUrl'), max: 2 });
  return pool;
}

/** Polls `check` until it holds (the job queue works a moment after the request that fed it). */
export async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Sends the head of a POST announcing `length` bytes and a few of them; resolves with what came back before the close. */
export async function rawPost(pathname: string, type: string, length: number, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port, origin } = new URL(new Client().base);
  const extra = Object.entries({ origin, ...headers }).map(([k, v]) => `${k}: ${v}\r\n`).join('');
  return new Promise<string>((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write(`POST ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${length}\r\n${extra}\r\n{"email":`);
    });
    let data = '';
    const timer = setTimeout(() => reject(new Error(`the connection stayed open; got ${data}`)), 10_000);
    socket.on('data', (chunk) => (data += chunk.toString()));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(data);
    });
    socket.on('error', reject);
  });
}
