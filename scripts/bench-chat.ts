/**
 * Chat delivery under load (issue 6): N sockets connected to one product process, then messages
 * sent one at a time between random pairs; the time from the sender's emit to the recipient's
 * `chat-message` event. Prints p50, p95, max and the server's memory before and after connecting.
 *
 *   node scripts/bench-chat.ts [--sockets 1000] [--messages 300]
 *
 * Uses DATA_DIR / DATABASE_URL like the product. The users it needs are written straight into
 * the database (one space of its own, removed again at the end); their access tokens are signed
 * with the installation's secret, as a login would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { io, type Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { env } from '../src/lib/server/env.ts';
import { closeDatabase, openDatabase, provideDatabase, schema } from '../src/lib/server/db/index.ts';
import { hashPassword } from '../src/lib/server/auth/password.ts';
import { issueAccessToken, sha256 } from '../src/lib/server/auth/tokens.ts';
import { freePort } from '../src/lib/server/net.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_MS = 50;

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}


/** Resident memory of a process in MB, from /proc (Linux). */
function rssMb(pid: number): number | undefined {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

async function startProduct(): Promise<{ url: string; child: ChildProcess; stop(): Promise<void> }> {
  if (!fs.existsSync(path.join(ROOT, 'dist/server/entry.mjs'))) throw new Error('dist/ is missing: run `npm run build` first');
  const port = await freePort();
  const child = spawn(process.execPath, ['src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL: undefined },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the product exited with code ${child.exitCode}`);
    const ok = await fetch(`${url}/healthz`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('the product did not become healthy');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export interface ChatBenchResult {
  sockets: number;
  messages: number;
  p50: number;
  p95: number;
  max: number;
  connectSeconds: number;
  rssBeforeMb?: number;
  rssAfterMb?: number;
}

/** Runs the chat benchmark against a product at `url` (process `pid`), on the open database. */
export async function benchChat({ url, pid, sockets: count, messages }: { url: string; pid?: number; sockets: number; messages: number }): Promise<ChatBenchResult> {
  const { getDb } = await import('../src/lib/server/db/index.ts');
  const db = await getDb();
  const [space] = await db.insert(schema.spaces).values({}).returning();
  const passwordHash = await hashPassword(crypto.randomBytes(16).toString('hex'));
  const tag = crypto.randomBytes(4).toString('hex');
  const sockets: Socket[] = [];
  try {
    // in slices: one statement may carry at most 65,535 parameters
    const users: { id: string }[] = [];
    const sessions: { id: string; userId: string }[] = [];
    for (let from = 0; from < count; from += 2000) {
      const slice = await db
        .insert(schema.users)
        .values(Array.from({ length: Math.min(2000, count - from) }, (_, k) => ({ email: `bench-${tag}-${from + k}@example.invalid`, passwordHash, name: `Bench${from + k}`, surname: 'User', role: 2, status: 2, spaceId: space!.id })))
        .returning({ id: schema.users.id });
      users.push(...slice);
      sessions.push(
        ...(await db
          .insert(schema.sessions)
          .values(slice.map((u) => ({ userId: u.id, tokenHash: sha256(crypto.randomBytes(32).toString('hex')), persistent: false, expiresAt: new Date(Date.now() + 3_600_000) })))
          .returning({ id: schema.sessions.id, userId: schema.sessions.userId })),
      );
    }
    const tokens = await Promise.all(sessions.map(async (s) => (await issueAccessToken(s.userId, s.id)).accessToken));

    const rssBeforeMb = pid ? rssMb(pid) : undefined;
    const started = performance.now();
    for (let i = 0; i < tokens.length; i += 50) {
      await Promise.all(
        tokens.slice(i, i + 50).map(
          (token) =>
            new Promise<void>((resolve, reject) => {
              const socket = io(url, { path: '/ws', transports: ['websocket'], auth: { token }, reconnection: false, forceNew: true });
              sockets.push(socket);
              socket.once('connect', () => resolve());
              socket.once('connect_error', reject);
            }),
        ),
      );
    }
    const connectSeconds = (performance.now() - started) / 1000;
    const rssAfterMb = pid ? rssMb(pid) : undefined;

    const times: number[] = [];
    for (let n = 0; n < messages; n++) {
      const from = Math.floor(Math.random() * count);
      let to = Math.floor(Math.random() * (count - 1));
      if (to >= from) to++;
      const text = `bench ${n} ${crypto.randomBytes(4).toString('hex')}`;
      const t0 = performance.now();
      const delivered = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`message ${n} was not delivered in 10 s`)), 10_000);
        const onMessage = (message: { text: string }) => {
          if (message.text !== text) return;
          clearTimeout(timer);
          sockets[to]!.off('chat-message', onMessage);
          resolve();
        };
        sockets[to]!.on('chat-message', onMessage);
      });
      const ack = (await sockets[from]!.timeout(10_000).emitWithAck('chat-message', { recipientId: users[to]!.id, text })) as { ok: boolean; error?: string };
      if (!ack.ok) throw new Error(`message ${n} refused: ${ack.error}`);
      await delivered;
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    return { sockets: count, messages, p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)!, connectSeconds, rssBeforeMb, rssAfterMb };
  } finally {
    for (const socket of sockets) socket.disconnect();
    // a failed clean-up must not hide why the run failed
    await db
      .delete(schema.users)
      .where(eq(schema.users.spaceId, space!.id))
      .then(() => db.delete(schema.spaces).where(eq(schema.spaces.id, space!.id)))
      .catch((error: Error) => console.error(`bench-chat: clean-up failed: ${error.message}`));
  }
}

export function formatChatResult(r: ChatBenchResult): string {
  const mark = r.p95 > TARGET_MS ? `  ✗ over the ${TARGET_MS} ms target` : '';
  return [
    `chat: ${r.sockets} sockets connected in ${r.connectSeconds.toFixed(1)} s; ${r.messages} messages, send → delivery`,
    `  p50 ${r.p50.toFixed(1)} ms   p95 ${r.p95.toFixed(1)} ms   max ${r.max.toFixed(1)} ms${mark}`,
    `  server memory (RSS): ${r.rssBeforeMb ?? '?'} MB before the sockets, ${r.rssAfterMb ?? '?'} MB with them`,
  ].join('\n');
}

async function main() {
  const { values } = parseArgs({ options: { sockets: { type: 'string', default: '1000' }, messages: { type: 'string', default: '300' } } });
  const sockets = Number(values.sockets);
  const messages = Number(values.messages);
  if (!(sockets >= 2) || !(messages >= 1)) {
    console.error('usage: node scripts/bench-chat.ts [--sockets N ≥ 2] [--messages M ≥ 1]');
    process.exit(2);
  }
  const config = env();
  provideDatabase(await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR, adopt: false }));
  const product = await startProduct();
  try {
    console.log(formatChatResult(await benchChat({ url: product.url, pid: product.child.pid, sockets, messages })));
  } finally {
    await product.stop();
    await closeDatabase();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`bench-chat: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
