/**
 * The soak (issue 10, item 6), run as `npm run bench -- --soak SECONDS [--clients 20] [--faults on|off]`:
 *
 * Starts the built product on a throwaway DATA_DIR with its embedded PostgreSQL and a real SMTP
 * server on loopback (smtp-server), signs up a company, and lets `--clients` clients at once
 * read and write for SECONDS: candidate lists, searches, single candidates and the candidates
 * page (HTML); new candidates and consent requests (each one a mail through the job queue).
 * In the middle come the faults: the SMTP server stopped for a minute (a quarter of the run when
 * that is shorter) and started again, then the embedded database killed with SIGKILL once.
 *
 * It reports requests, answers by status, p50/p95/max, the server's memory (RSS) at the start
 * and the end, how long the database took to serve again, the consent mails delivered, and the
 * acknowledged writes lost: every candidate the server answered 201 for and every consent request
 * it answered 200 for must be in the database at the end (and each consent mail must arrive).
 * The exit code is 1 when a write was lost, a 500 was answered, or the product stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from '../src/lib/server/net.ts';
import { embeddedPassword } from '../src/lib/server/db/embedded.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Soak-2026!';

export const SOAK_USAGE = `Usage:
  npm run bench -- --soak SECONDS [--clients N] [--faults on|off]

Drives a mixed read/write load against a product it starts on a throwaway DATA_DIR.
  --soak SECONDS   how long the load runs (at least 5)
  --clients N      clients at once (default 20)
  --faults on|off  stop the SMTP server for a minute and kill the database once (default on)`;

export class SoakError extends Error {
  code: number;
  constructor(message: string, code = 1) {
    super(message);
    this.code = code;
  }
}

interface SoakOptions {
  seconds: number;
  clients: number;
  faults: boolean;
}

function parse(argv: string[]): SoakOptions {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { soak: { type: 'string' }, clients: { type: 'string' }, faults: { type: 'string' } },
      strict: true,
      allowPositionals: false,
    }) as { values: Record<string, string | undefined> });
  } catch (error) {
    throw new SoakError((error as Error).message, 2);
  }
  const seconds = Number(values.soak);
  if (!Number.isInteger(seconds) || seconds < 5 || seconds > 86_400) throw new SoakError(`--soak must be whole seconds from 5 to 86400, not "${values.soak}"`, 2);
  const clients = values.clients === undefined ? 20 : Number(values.clients);
  if (!Number.isInteger(clients) || clients < 1 || clients > 500) throw new SoakError(`--clients must be a whole number from 1 to 500, not "${values.clients}"`, 2);
  const faults = values.faults ?? 'on';
  if (faults !== 'on' && faults !== 'off') throw new SoakError(`--faults must be on or off, not "${faults}"`, 2);
  return { seconds, clients, faults: faults === 'on' };
}

// ---------------------------------------------------------------------------------------------
// The mail server: real SMTP on loopback, stopped and started again on the same port

class Smtp {
  port = 0;
  /** Recipients of every mail taken, lower-cased, with each mail's subject. */
  readonly received: { to: string[]; subject: string }[] = [];
  private server?: SMTPServer;

  async up(): Promise<void> {
    this.port ||= await freePort();
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      // a stop is a stop: connections open then are cut at once, not waited for
      closeTimeout: 100,
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject: mail.subject ?? '' });
            callback();
          })
          .catch((error: Error) => callback(error));
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  async down(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  to(address: string): { to: string[]; subject: string }[] {
    return this.received.filter((m) => m.to.includes(address.toLowerCase()));
  }
}

// ---------------------------------------------------------------------------------------------
// The product under test

interface Product {
  url: string;
  pid: number;
  dataDir: string;
  output: () => string;
  gone: () => boolean;
  stop(): Promise<number | null>;
}

function build(): void {
  if (fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) return;
  console.log('dist/ is missing: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new SoakError('npm run build failed');
}

async function healthy(url: string): Promise<boolean> {
  try {
    return (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function startProduct(dataDir: string, smtpUrl: string): Promise<Product> {
  build();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ['src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      REDIS_URL: undefined,
      TRUST_PROXY: undefined,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      SMTP_URL: smtpUrl,
      // the soak's one company sends far more mail than a real one may in a day
      MAIL_PER_SPACE_DAY: '10000000',
      MAIL_PER_CLIENT_DAY: '10000000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  const stop = async () => {
    if (gone()) return child.exitCode;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    const code = await exited;
    clearTimeout(timer);
    return code;
  };
  const deadline = Date.now() + 120_000;
  while (!(await healthy(url))) {
    if (gone()) throw new SoakError(`the product exited with code ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      await stop();
      throw new SoakError(`the product did not answer ${url}/healthz in time:\n${output}`);
    }
    await sleep(150);
  }
  return { url, pid: child.pid!, dataDir, output: () => output, gone, stop };
}

function postmaster(dataDir: string): { pid: number; port: number } {
  const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
  return { pid: Number(lines[0]), port: Number(lines[3]) };
}

/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  try {
    const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'));
    return line ? Number(line.split(/\s+/)[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------------------------------------
// The load

interface Account {
  url: string;
  email: string;
  token: string;
  cookie: string;
  /** One sign-in at a time renews an expired token for every client. */
  renewing?: Promise<void>;
}

async function signIn(account: Account): Promise<void> {
  const response = await fetch(`${account.url}/api/v1/auth/email/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: account.url },
    body: JSON.stringify({ email: account.email, password: PASSWORD, remember: true }),
  });
  const body = (await response.json().catch(() => undefined)) as { accessToken?: string } | undefined;
  if (response.status !== 200 || !body?.accessToken) throw new Error(`sign-in answered ${response.status}`);
  account.token = body.accessToken;
  const rt = response.headers.getSetCookie().find((c) => c.startsWith('rt='));
  if (rt) account.cookie = rt.split(';')[0]!;
}

/** The soak's company: registered, its code read from the SMTP server, verified, signed in. */
async function company(url: string, smtp: Smtp): Promise<Account> {
  const email = `soak-${Date.now()}@example.com`;
  const registered = await fetch(`${url}/api/v1/auth/email/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email, password: PASSWORD, role: 'company' }),
  });
  if (registered.status !== 201) throw new SoakError(`registration answered ${registered.status}: ${await registered.text()}`);
  const { accessToken } = (await registered.json()) as { accessToken: string };
  const deadline = Date.now() + 30_000;
  let code: string | undefined;
  while (!(code = /\b(\d{4})\b/.exec(smtp.to(email).at(-1)?.subject ?? '')?.[1])) {
    if (Date.now() > deadline) throw new SoakError('the registration code never came through the SMTP server');
    await sleep(100);
  }
  // the job stores the code just after the mail server took the mail: a moment to settle
  let verified: Response;
  for (let attempt = 1; ; attempt++) {
    verified = await fetch(`${url}/api/v1/auth/verify/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url, authorization: `Bearer ${accessToken}` },
      body: JSON.stringify({ email, code }),
    });
    if (verified.status !== 422 || attempt === 20) break;
    await sleep(500);
  }
  if (verified.status !== 200) throw new SoakError(`verification answered ${verified.status}: ${await verified.text()}`);
  // registration's third step: without a name every page sends the account back to it
  const named = await fetch(`${url}/api/v1/users/profile`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: url, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name: 'Soak', surname: 'Test', companyName: 'Soak' }),
  });
  if (named.status !== 200) throw new SoakError(`the profile answered ${named.status}: ${await named.text()}`);
  const account: Account = { url, email, token: '', cookie: '' };
  await signIn(account);
  return account;
}

interface Tally {
  requests: number;
  byStatus: Map<string, number>;
  /** Every request's time in ms. */
  times: number[];
  /** Candidates the server answered 201 for, with their e-mail addresses. */
  candidates: { id: string; email: string }[];
  /** Candidates whose consent request the server answered 200 for. */
  consents: { id: string; email: string }[];
  firstFailure: Map<string, string>;
}

interface Answer {
  status: number;
  json?: unknown;
}

/** One timed request as the company; counted by status (or 'network'). */
async function call(account: Account, tally: Tally, method: string, pathname: string, { body, page = false }: { body?: unknown; page?: boolean } = {}): Promise<Answer | undefined> {
  for (let attempt = 0; ; attempt++) {
    const headers: Record<string, string> = { origin: account.url };
    if (page) headers.cookie = account.cookie;
    else headers.authorization = `Bearer ${account.token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const started = performance.now();
    let response: Response;
    let text: string;
    try {
      response = await fetch(account.url + pathname, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), redirect: 'manual', signal: AbortSignal.timeout(30_000) });
      text = await response.text();
    } catch (error) {
      tally.requests++;
      tally.times.push(performance.now() - started);
      count(tally, 'network', `${method} ${pathname}: ${(error as Error).message}`);
      await sleep(250);
      return undefined;
    }
    tally.requests++;
    tally.times.push(performance.now() - started);
    // an access token lives 15 minutes: renewed once, by one client for all
    if (response.status === 401 && attempt === 0 && !page) {
      count(tally, '401 (token renewed)');
      account.renewing ??= signIn(account).finally(() => (account.renewing = undefined));
      await account.renewing.catch(() => {});
      continue;
    }
    count(tally, String(response.status), `${method} ${pathname}: ${text.slice(0, 200)}`);
    // a client told to come back later does, a little later
    if (response.status === 503) await sleep(Math.min(1000, Number(response.headers.get('retry-after') ?? 1) * 1000));
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json };
  }
}

function count(tally: Tally, key: string, example?: string): void {
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
  if (example && !/^(200|201|302)$/.test(key)) {
    if (!tally.firstFailure.has(key)) tally.firstFailure.set(key, example);
  }
}

const WORDS = ['менеджер', 'java', 'Смирнова', 'designer', 'бухгалтер', 'Anna'];
const pick = <T>(items: T[]): T | undefined => items[Math.floor(Math.random() * items.length)];

/** What one client does, over and over, until the time is up. */
async function client(n: number, account: Account, tally: Tally, until: number, stamp: string): Promise<void> {
  let made = 0;
  while (Date.now() < until) {
    const roll = Math.random() * 100;
    if (roll < 30) {
      await call(account, tally, 'GET', `/api/v1/candidates?page=${1 + Math.floor(Math.random() * 5)}`);
    } else if (roll < 45) {
      await call(account, tally, 'GET', `/api/v1/candidates?search=${encodeURIComponent(pick(WORDS)!)}`);
    } else if (roll < 60) {
      const known = pick(tally.candidates);
      if (known) await call(account, tally, 'GET', `/api/v1/candidates/${known.id}`);
    } else if (roll < 70) {
      await call(account, tally, 'GET', '/candidates', { page: true });
    } else if (roll < 92) {
      const email = `soak-${stamp}-${n}-${made++}@example.com`;
      const answer = await call(account, tally, 'POST', '/api/v1/candidates', {
        body: { name: pick(['Anna', 'Ivan', 'Olga', 'Петр', 'Мария'])!, surname: pick(['Smirnova', 'Petrov', 'Иванова', 'Сидоров'])!, positionName: pick(['Менеджер проектов', 'Java developer', 'Designer', 'Бухгалтер'])!, email },
      });
      const id = (answer?.json as { id?: string } | undefined)?.id;
      if (answer?.status === 201 && id) tally.candidates.push({ id, email });
    } else {
      // a consent request for a candidate that has none yet: one mail each
      const asked = new Set(tally.consents.map((c) => c.id));
      const candidate = tally.candidates.find((c, i) => i % 7 === n % 7 && !asked.has(c.id)) ?? tally.candidates.find((c) => !asked.has(c.id));
      if (!candidate) continue;
      tally.consents.push(candidate); // reserved; taken back unless acknowledged
      const answer = await call(account, tally, 'POST', '/api/v1/candidates/pd', { body: { candidateId: candidate.id } });
      if (answer?.status !== 200) tally.consents.splice(tally.consents.indexOf(candidate), 1);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The run

interface Event {
  at: number;
  text: string;
}

export async function soak(argv: string[]): Promise<number> {
  const options = parse(argv);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-soak-'));
  const smtp = new Smtp();
  await smtp.up();
  let product: Product | undefined;
  const events: Event[] = [];
  let t0 = Date.now();
  const note = (text: string) => {
    const at = (Date.now() - t0) / 1000;
    events.push({ at, text });
    console.log(`  ${at.toFixed(1).padStart(7)} s  ${text}`);
  };
  try {
    product = await startProduct(dataDir, `smtp://127.0.0.1:${smtp.port}`);
    const account = await company(product.url, smtp);
    const stamp = Date.now().toString(36);
    const tally: Tally = { requests: 0, byStatus: new Map(), times: [], candidates: [], consents: [], firstFailure: new Map() };
    console.log(`Recruit soak: ${options.seconds} s, ${options.clients} clients, ${os.cpus().length} CPUs, load ${os.loadavg()[0]!.toFixed(1)}; faults ${options.faults ? 'on' : 'off'}`);

    const rssStart = rssMb(product.pid);
    let rssMax = rssStart;
    t0 = Date.now();
    const until = t0 + options.seconds * 1000;
    // a tenth of the run apart: a leak climbs to the end, a warm-up levels off
    const step = Math.max(5, Math.round(options.seconds / 10));
    const timeline: [number, number][] = [[0, rssStart]];
    const sampler = setInterval(() => {
      const rss = rssMb(product!.pid) || 0;
      rssMax = Math.max(rssMax, rss);
      const at = Math.round((Date.now() - t0) / 1000);
      if (at >= timeline.at(-1)![0] + step && Date.now() < until) timeline.push([at, rss]);
    }, 1000);
    note(`load starts; server RSS ${rssStart.toFixed(0)} MB`);

    // the faults, at fixed points of the run
    let dbBackAfter: number | undefined;
    const faults = (async () => {
      if (!options.faults) return;
      const smtpFor = Math.min(60, options.seconds / 4);
      await sleep(options.seconds * 250);
      await smtp.down();
      note(`SMTP server stopped for ${smtpFor.toFixed(0)} s`);
      await sleep(smtpFor * 1000);
      await smtp.up();
      note('SMTP server started again');
      const killAt = t0 + options.seconds * 650;
      await sleep(Math.max(0, killAt - Date.now()));
      const pg0 = postmaster(product!.dataDir);
      process.kill(pg0.pid, 'SIGKILL');
      const killed = Date.now();
      note(`embedded database killed (SIGKILL to postmaster ${pg0.pid})`);
      while (!(await healthy(product!.url))) {
        if (Date.now() - killed > 120_000) {
          note('the database did not serve again within 2 minutes');
          return;
        }
        await sleep(100);
      }
      dbBackAfter = (Date.now() - killed) / 1000;
      note(`database serving again after ${dbBackAfter.toFixed(1)} s (postmaster ${postmaster(product!.dataDir).pid})`);
    })();

    await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n, account, tally, until, stamp)));
    await faults;
    const rssEnd = rssMb(product.pid);
    clearInterval(sampler);
    note(`load ends; server RSS ${rssEnd.toFixed(0)} MB`);
    if (product.gone()) throw new SoakError(`the product stopped during the soak:\n${product.output()}`);

    // every acknowledged write must be there, and every consent mail must arrive
    const url = `postgres://postgres:${embeddedPassword(path.join(dataDir, 'pg'))}@127.0.0.1:${postmaster(dataDir).port}/postgres`;
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    let lostCandidates: number;
    let lostConsents: number;
    let mailsWaiting = 0;
    try {
      const ids = tally.candidates.map((c) => c.id);
      const found = await db.query<{ n: number }>('select count(*)::int as n from candidates where id = any($1::uuid[])', [ids]);
      lostCandidates = ids.length - found.rows[0]!.n;
      const consentIds = tally.consents.map((c) => c.id);
      const asked = await db.query<{ n: number }>('select count(distinct candidate_id)::int as n from pd_requests where candidate_id = any($1::uuid[])', [consentIds]);
      lostConsents = consentIds.length - asked.rows[0]!.n;
      // the mails queued while SMTP was down go out once it answers again
      const deadline = Date.now() + 180_000;
      for (;;) {
        const waiting = tally.consents.filter((c) => smtp.to(c.email).length === 0).length;
        mailsWaiting = waiting;
        if (waiting === 0 || Date.now() > deadline) break;
        await sleep(500);
      }
      if (mailsWaiting) {
        note(`${mailsWaiting} consent mails still waiting after 3 minutes; the queue's mail jobs:`);
        const jobs = await db.query<{ locked: boolean; attempts: number; due: boolean; error: string | null; n: number }>(
          `select locked_at is not null as locked, attempts, run_at <= now() as due, left(last_error, 100) as error, count(*)::int as n
           from graphile_worker.jobs where task_identifier = 'mail' group by 1, 2, 3, 4 order by n desc limit 10`,
        );
        for (const j of jobs.rows) console.log(`            ${j.n} ${j.locked ? 'locked' : 'unlocked'}, ${j.attempts} tries, ${j.due ? 'due' : 'later'}: ${j.error ?? ''}`);
        const queueLog = product.output().split('\n').filter((line) => line.startsWith('[jobs]') && !/ failed \(try /.test(line));
        console.log(`  the queue's last words:\n${queueLog.slice(-30).map((line) => `    ${line.slice(0, 200)}`).join('\n')}`);
      }
      else note('every consent mail delivered');
    } finally {
      await db.end();
    }

    // what the product itself said of the faults: its database's restarts, its queue's
    // (the log is JSON lines: their messages)
    const messages = product.output().split('\n').map((line) => {
      try {
        return String((JSON.parse(line) as { msg?: unknown }).msg ?? line);
      } catch {
        return line;
      }
    });
    const said = messages.filter((line) => /^\[db\] embedded database|the job queue (stopped|works again)/.test(line));
    if (said.length) console.log(`\n  the product's log:\n${said.map((line) => `    ${line.slice(0, 160)}`).join('\n')}`);

    const times = tally.times.sort((a, b) => a - b);
    const pct = (p: number) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? NaN;
    const statuses = [...tally.byStatus].sort(([a], [b]) => a.localeCompare(b));
    const fmt = (n: number) => n.toLocaleString('en');
    const errors = statuses.filter(([s]) => !/^(200|201|302)$/.test(s)).reduce((n, [, c]) => n + c, 0);
    const lost = lostCandidates + lostConsents;
    const smtpEvents = events.filter((e) => e.text.startsWith('SMTP'));
    console.log('');
    console.log(`  requests              ${fmt(tally.requests)} in ${options.seconds} s (${(tally.requests / options.seconds).toFixed(1)}/s) from ${options.clients} clients`);
    console.log(`  answers by status     ${statuses.map(([s, c]) => `${s}: ${fmt(c)}`).join(', ')}`);
    console.log(`  errors                ${fmt(errors)} (${((errors / Math.max(1, tally.requests)) * 100).toFixed(2)} %)${[...tally.firstFailure].map(([s, e]) => `\n                          first ${s}: ${e}`).join('')}`);
    console.log(`  latency ms            p50 ${pct(50).toFixed(1)}, p95 ${pct(95).toFixed(1)}, p99 ${pct(99).toFixed(1)}, max ${pct(100).toFixed(1)}`);
    console.log(`  server RSS MB         start ${rssStart.toFixed(0)}, end ${rssEnd.toFixed(0)}, max ${rssMax.toFixed(0)}`);
    console.log(`  RSS over time         ${timeline.map(([at, rss]) => `${rss.toFixed(0)} (${at} s)`).join(', ')}`);
    if (options.faults) {
      console.log(`  SMTP down             ${smtpEvents.map((e) => `${e.at.toFixed(0)} s`).join(' to ')}`);
      console.log(`  database killed       back after ${dbBackAfter === undefined ? 'NEVER' : `${dbBackAfter.toFixed(1)} s`}`);
    }
    console.log(`  consent mails         ${fmt(tally.consents.length - mailsWaiting)} of ${fmt(tally.consents.length)} delivered`);
    console.log(`  acknowledged writes   ${fmt(tally.candidates.length)} candidates, ${fmt(tally.consents.length)} consent requests; lost ${lost}`);
    const fiveHundreds = tally.byStatus.get('500') ?? 0;
    const bad = lost > 0 || fiveHundreds > 0 || mailsWaiting > 0 || (options.faults && dbBackAfter === undefined);
    return bad ? 1 : 0;
  } finally {
    if (product) {
      const code = await product.stop();
      if (code !== 0) console.error(`the product exited with code ${code}:\n${product.output().split('\n').slice(-30).join('\n')}`);
    }
    await smtp.down();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
