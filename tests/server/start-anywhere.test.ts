/**
 * Issue 10, item 4: the README's start works from any folder, as root too. A copy of this
 * checkout (its files as `git clone` would bring them, plus uncommitted ones) goes into a
 * `mktemp -d` folder closed to everyone else (0700), node_modules comes in as hard links instead
 * of `npm install`, and `npm start` runs there with nothing set: the embedded PostgreSQL must
 * run as an unprivileged user from binaries and data it can reach (docs/decisions/0013).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../support/client.ts';
import { freePort, ROOT, waitForHealth } from '../support/server.ts';
import { alive, postJson, postmaster, waitUntil } from './support.ts';

const asRoot = process.getuid?.() === 0;
const cleanups: (() => void)[] = [];
afterAll(() => {
  for (const cleanup of cleanups.reverse()) cleanup();
});

/** The checkout's files as a clone has them, and the uncommitted ones, copied into `to`. */
function copyCheckout(to: string): void {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT })
    .toString()
    .split('\0')
    .filter(Boolean);
  for (const file of listed) {
    const from = path.join(ROOT, file);
    if (!fs.existsSync(from)) continue; // deleted in the working tree
    fs.mkdirSync(path.dirname(path.join(to, file)), { recursive: true });
    fs.copyFileSync(from, path.join(to, file));
    fs.chmodSync(path.join(to, file), fs.statSync(from).mode);
  }
  // `npm install` stands in as hard links: quick, and nothing here writes into those files
  execFileSync('cp', ['-al', path.join(ROOT, 'node_modules'), path.join(to, 'node_modules')]);
  // caches the build writes go into folders of the copy's own
  for (const cache of ['.astro', '.vite']) fs.rmSync(path.join(to, 'node_modules', cache), { recursive: true, force: true });
}

interface Started {
  child: ChildProcess;
  url: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** An npm command in the copy, as a terminal runs it: its own process group, nothing configured. */
async function npm(cwd: string, args: string[], env: Record<string, string> = {}): Promise<Started> {
  const port = await freePort();
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(DATA_DIR|DATABASE_URL|SMTP_URL|REDIS_URL|PUBLIC_URL|PORT|HOST|EMBEDDED_PG_USER|TEST_DATABASE_URL|TRUST_PROXY)$/.test(name)),
  );
  // this checkout's Node 24 must not leak in: the copy's own `npm run` finds its own
  inherited.PATH = (process.env.PATH ?? '').split(':').filter((dir) => !dir.startsWith(ROOT)).join(':');
  const child = spawn('npm', args, { cwd, env: { ...inherited, PORT: String(port), ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  cleanups.push(() => {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // stopped already
    }
  });
  try {
    await waitForHealth(url, child, 150_000);
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return { child, url, output: () => output, exited };
}

/** Ctrl-C in the terminal: SIGINT to the whole group, npm and the product alike. */
async function interrupt(started: Started): Promise<void> {
  process.kill(-started.child.pid!, 'SIGINT');
  await started.exited;
}

function uidOf(pid: number): number {
  const line = fs.readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('Uid:'))!;
  return Number(line.split(/\s+/)[1]);
}

describe('npm start in a fresh checkout', () => {
  it('serves from a folder only root may enter, keeps its data across starts, and runs PostgreSQL unprivileged', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-clone-'));
    fs.chmodSync(folder, 0o700);
    const checkout = path.join(folder, 'recruit');
    cleanups.push(() => fs.rmSync(folder, { recursive: true, force: true }));
    copyCheckout(checkout);
    const dataDir = path.join(checkout, 'data');
    const pgLink = path.join(dataDir, 'pg');
    cleanups.push(() => {
      // the cluster may live outside the folder: removed with it
      if (fs.lstatSync(pgLink, { throwIfNoEntry: false })?.isSymbolicLink()) fs.rmSync(fs.realpathSync(pgLink), { recursive: true, force: true });
    });

    // the README's command, with the build
    const first = await npm(checkout, ['start']);
    const pg = postmaster(dataDir)!;
    expect(pg, 'the embedded server runs for ./data').toBeDefined();
    if (asRoot) {
      // run by the postgres user, who cannot pass through the 0700 folder: the data lives where it can
      expect(uidOf(pg.pid)).toBe(Number(execFileSync('id', ['-u', 'postgres']).toString()));
      expect(fs.lstatSync(pgLink).isSymbolicLink()).toBe(true);
      expect(fs.realpathSync(pgLink)).toMatch(/^\/var\/lib\/recruit\/pg-[0-9a-f]{16}$/);
      expect(first.output()).toContain('its data is kept in /var/lib/recruit/pg-');
    }
    const email = uniqueEmail('anywhere');
    expect((await postJson(first.url, '/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' })).status).toBe(201);
    await interrupt(first);
    await waitUntil(() => !alive(pg.pid), 15_000, 'PostgreSQL stops with the product');

    // again without the build, this time as the user every Linux has: the data is handed over
    const second = await npm(checkout, ['run', 'serve'], { EMBEDDED_PG_USER: 'nobody' });
    const again = postmaster(dataDir)!;
    if (asRoot) expect(uidOf(again.pid)).toBe(Number(execFileSync('id', ['-u', 'nobody']).toString()));
    const login = await postJson(second.url, '/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(login.status).toBe(200);
    await interrupt(second);
    await waitUntil(() => !alive(again.pid), 15_000, 'PostgreSQL stops with the product');
  }, 240_000);
});
