/**
 * Helpers for the tests that run whole product processes on their own embedded database:
 * raw HTTP with exact headers, a look at DATA_DIR/pg/postmaster.pid, and a tracker that stops
 * every process and removes every temp dir a test made, whether the test passed or not.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { onTestFailed } from 'vitest';
import { ROOT, spawnServer, type RunningServer } from '../support/server.ts';
import { embeddedPassword } from '../../src/lib/server/db/embedded.ts';

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One GET with exactly these headers (fetch would add its own accept-encoding and decompress). */
export function rawGet(base: string, pathname: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: pathname, method: 'GET', headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`GET ${pathname} timed out`)));
    req.end();
  });
}

/** JSON POST, the way a browser on the product's own page sends it. */
export async function postJson(base: string, pathname: string, body: unknown): Promise<{ status: number; json: any }> {
  const response = await fetch(base + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = text;
  }
  return { status: response.status, json };
}

/** postmaster.pid of the embedded server in DATA_DIR/pg: line 1 its pid, line 4 its port. */
export function postmaster(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

/** The connection URL of the embedded server of a product's DATA_DIR, while it runs. */
export function embeddedUrl(dataDir: string): string {
  const pg = postmaster(dataDir);
  if (!pg) throw new Error(`no embedded PostgreSQL runs in ${dataDir}`);
  return `postgres://postgres:${embeddedPassword(path.join(dataDir, 'pg'))}@127.0.0.1:${pg.port}/postgres`;
}

/** Whether a process runs (a zombie left for a parent that does not reap counts as gone). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return true;
  }
}

export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string | (() => string)): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Product processes and temp dirs of one test file; `cleanup()` in afterAll. */
export class Processes {
  private servers: RunningServer[] = [];
  private dirs: string[] = [];

  tempDir(prefix = 'recruit-srv-'): string {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    this.dirs.push(dir);
    return dir;
  }

  /** A product on the embedded database in `dataDir` (a new temp dir unless given). */
  async spawn(env: Record<string, string | undefined> = {}, dataDir = this.tempDir()): Promise<RunningServer> {
    const server = await spawnServer({ ...env, DATA_DIR: dataDir });
    this.servers.push(server);
    try {
      // a failing test shows what its product processes printed
      onTestFailed(() => console.error(`--- output of the product on ${server.url} (DATA_DIR ${dataDir}):\n${server.output()}`));
    } catch {
      // spawned outside a test (beforeAll)
    }
    return server;
  }

  async cleanup(): Promise<void> {
    await Promise.all(
      this.servers.map(async (server) => {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        const timer = setTimeout(() => server.child.kill('SIGKILL'), 15_000);
        await server.stop('SIGTERM');
        clearTimeout(timer);
      }),
    );
    // an embedded PostgreSQL outlives a product killed with SIGKILL: stop what is left
    await Promise.all(
      this.dirs.map(async (dir) => {
        const pg = postmaster(dir);
        if (pg && alive(pg.pid)) {
          try {
            process.kill(pg.pid, 'SIGINT');
          } catch {
            // gone meanwhile
          }
          await waitUntil(() => !alive(pg.pid), 15_000, `PostgreSQL ${pg.pid} exits`).catch(() => {
            try {
              process.kill(pg.pid, 'SIGKILL');
            } catch {
              // gone
            }
          });
        }
        fs.rmSync(dir, { recursive: true, force: true });
      }),
    );
    this.servers = [];
    this.dirs = [];
  }
}

/** `node src/server.ts` without waiting for health: for starts that must fail. */
export function runServerExpectingExit(
  env: Record<string, string | undefined>,
  timeoutMs = 20_000,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; output: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      SMTP_URL: undefined,
      REDIS_URL: undefined,
      PUBLIC_URL: undefined,
      HOST: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, output, ms: Date.now() - started });
    });
  });
}
