import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import * as schema from './schema.ts';
import { startEmbedded, type EmbeddedServer } from './embedded.ts';
import { env } from '../env.ts';
import { singleton, getSingleton, clearSingleton } from '../singleton.ts';
import { within } from '../within.ts';
import { logger } from '../log.ts';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction of `Db`: what a service hands on so that its writes commit together. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** The database or a transaction on it. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  embedded?: EmbeddedServer;
  close(): Promise<void>;
}

export interface OpenOptions {
  /** A server to use; without it the embedded one under `dataDir` starts. */
  url?: string;
  dataDir?: string;
  /** Apply pending migrations before answering. */
  migrate?: boolean;
  /** Adopt (and later stop) an embedded server found running; a CLI tool leaves it alone. */
  adopt?: boolean;
  log?: (line: string) => void;
  max?: number;
}

function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const beside = path.resolve(here, '../../../../drizzle');
  return fs.existsSync(path.join(beside, 'meta')) ? beside : path.resolve('drizzle');
}

/**
 * Applies the committed migrations and the job queue's schema (graphile-worker's own), so that
 * any process can queue a job; an advisory lock keeps two processes from racing.
 */
export async function applyMigrations(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(727274)');
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsFolder() });
    const { runMigrations } = await import('graphile-worker');
    const { jobLogger } = await import('../job-log.ts');
    await runMigrations({ pgPool: pool, logger: jobLogger });
  } finally {
    await client.query('select pg_advisory_unlock(727274)').catch(() => {});
    client.release();
  }
}

export async function openDatabase(options: OpenOptions = {}): Promise<Database> {
  const log = options.log ?? (() => {});
  let embedded: EmbeddedServer | undefined;
  let url = options.url;
  if (!url) {
    const dataDir = options.dataDir ?? env().DATA_DIR;
    embedded = await startEmbedded(path.join(dataDir, 'pg'), { adopt: options.adopt ?? true, log });
    url = embedded.url;
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    // a database that does not answer fails a request in seconds (a 503), not when TCP gives up
    connectionTimeoutMillis: 5000,
    // a server that vanished without closing its connections is noticed by the kernel
    keepAlive: true,
  });
  // an idle client losing its server must not crash the process; the next query reports it
  pool.on('error', (error) => log(`database connection lost: ${error.message}`));
  // the same for a client checked out at that moment (graphile-worker asks for both)
  pool.on('connect', (client) => client.on('error', (error) => log(`database connection lost: ${error.message}`)));
  try {
    if (options.migrate ?? true) await applyMigrations(pool);
  } catch (error) {
    await pool.end().catch(() => {});
    await embedded?.stop();
    throw error;
  }
  return {
    db: drizzle(pool, { schema }),
    pool,
    url,
    embedded,
    async close() {
      // pool.end waits for every client to be released: one stuck on a server that went away
      // must not keep the embedded server from its stop, which ends every session anyway
      await within(pool.end(), 3000);
      await embedded?.stop();
    },
  };
}

const KEY = 'database';

/** The process's database, opened from the environment on first use. */
export function database(): Promise<Database> {
  return singleton(KEY, () =>
    openDatabase({ url: env().DATABASE_URL, log: (line) => logger.info({ tag: 'db' }, `[db] ${line}`) }),
  );
}

/** Hands an already opened database to everything in this process (server entry, tests). */
export function provideDatabase(value: Database): void {
  clearSingleton(KEY);
  singleton(KEY, () => Promise.resolve(value));
}

export async function closeDatabase(): Promise<void> {
  const current = getSingleton<Promise<Database>>(KEY);
  clearSingleton(KEY);
  if (current) await (await current).close();
}

export async function getDb(): Promise<Db> {
  return (await database()).db;
}

const preparedByDb = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per database and kept as a named prepared statement: for the few queries
 * every request runs (the session lookup), building the SQL with drizzle and having PostgreSQL
 * parse and plan it cost more than running it. `name` must be unique in the process.
 */
export async function prepared<T>(name: string, build: (db: Db) => T): Promise<T> {
  const db = await getDb();
  let queries = preparedByDb.get(db);
  if (!queries) preparedByDb.set(db, (queries = new Map()));
  if (!queries.has(name)) queries.set(name, build(db));
  return queries.get(name) as T;
}

export { schema };
