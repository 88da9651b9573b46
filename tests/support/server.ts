/**
 * Starts the built product as its own process for tests: a fresh database (a new database on
 * TEST_DATABASE_URL's server, or an embedded server in a temp dir), a temp DATA_DIR, a free port.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startEmbedded, type EmbeddedServer } from '../../src/lib/server/db/embedded.ts';
import { freePort } from '../../src/lib/server/net.ts';

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A new, empty database: on TEST_DATABASE_URL's server when set, else an embedded one. */
export async function createTestDatabase(dataDir: string): Promise<TestDatabase> {
  const admin = process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `recruit_t_${crypto.randomBytes(5).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    await client.end();
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return {
      url: url.toString(),
      async drop() {
        const c = new pg.Client({ connectionString: admin });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      },
    };
  }
  const embedded: EmbeddedServer = await startEmbedded(path.join(dataDir, 'pg'));
  return { url: embedded.url, drop: () => embedded.stop() };
}

export async function waitForHealth(url: string, child?: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/healthz did not answer 200 in time`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

export { freePort };

export interface RunningServer {
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  output: () => string;
  /** SIGTERM, then wait for the exit; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Spawns `node src/server.ts` (the built app) with the given environment. A free port found
 * before the start can be taken by another product's database meanwhile (the start loads its
 * page modules for seconds first): without a port of its own the start then tries another.
 */
export async function spawnServer(env: Record<string, string | undefined>, { port }: { port?: number } = {}): Promise<RunningServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await spawnOnce(env, port ?? (await freePort()));
    } catch (error) {
      if (port !== undefined || attempt >= 3 || !/EADDRINUSE/.test((error as Error).message)) throw error;
    }
  }
}

async function spawnOnce(env: Record<string, string | undefined>, usePort: number): Promise<RunningServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-test-'));
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      REDIS_URL: undefined,
      PUBLIC_URL: undefined,
      PORT: String(usePort),
      HOST: '127.0.0.1',
      // tests stand in for many people at once: each test client names its own address
      TRUST_PROXY: 'loopback',
      ...env,
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${usePort}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    await waitForHealth(url, child);
  } catch (error) {
    child.kill('SIGKILL');
    throw new Error(`${(error as Error).message}\n${output}`);
  }
  return {
    url,
    port: usePort,
    dataDir,
    child,
    output: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
