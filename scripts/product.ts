/**
 * The built product on a free port for the benchmarks (`npm run bench`, `npm run bench:web`),
 * with the DATA_DIR / DATABASE_URL of the shell: the demo space of `npm run seed`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/lib/server/net.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export class ProductError extends Error {}

export interface Product {
  url: string;
  output: () => string;
  /** Whether the process ended (something else stopped it, or it crashed). */
  gone: () => boolean;
  stop(): Promise<void>;
}


/** The pid of the embedded PostgreSQL running on DATA_DIR/pg, if one runs. */
function runningDatabase(dataDir: string): number | undefined {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
    if (!(pid > 0)) return undefined;
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? 1 : undefined;
  }
}

export function build(): void {
  if (fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) return;
  console.log('dist/ is missing: npm run build');
  const result = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (result.status !== 0) throw new ProductError('npm run build failed');
}

/** `publicUrl`: the address people open when a proxy stands in front (PUBLIC_URL; TRUST_PROXY is then loopback). */
export async function startProduct(publicUrl?: string): Promise<Product> {
  build();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(process.env.DATA_DIR || './data');
  // the product adopts a running embedded server and stops it on SIGTERM: one that was already
  // running belongs to someone else (the product), so then our server is ended with SIGKILL
  const shared = !process.env.DATABASE_URL && runningDatabase(dataDir) !== undefined;
  const child: ChildProcess = spawn(process.execPath, ['src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: publicUrl ?? url, DATA_DIR: dataDir, ...(publicUrl ? { TRUST_PROXY: 'loopback' } : {}) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill(shared ? 'SIGKILL' : 'SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    await exited;
    clearTimeout(timer);
  };
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new ProductError(`the product exited with code ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new ProductError(`the product did not answer ${url}/healthz in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return { url, output: () => output, gone: () => child.exitCode !== null || child.signalCode !== null, stop };
}

