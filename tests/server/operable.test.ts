/**
 * Issue 16, item 7: the logs are JSON lines that carry the request id, also into the jobs a
 * request queued; a failing request shows in the logs with its id and in the metrics; the
 * metrics answer the machine itself or a token, never a visitor through a proxy.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, type RunningServer, type TestDatabase } from '../support/server.ts';
import { Processes, waitUntil } from './support.ts';

const processes = new Processes();
const TOKEN = 'metrics-token-0123456789';
let database: TestDatabase;
let product: RunningServer;
let deadSmtp: net.Server;

/** The JSON log lines the product printed. */
function logLines(): Record<string, unknown>[] {
  return product
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function metrics(headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const res = await fetch(`${product.url}/metrics`, { headers });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  // an SMTP server that refuses at once: every mail job fails, and with one try it is given up on
  deadSmtp = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => deadSmtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (deadSmtp.address() as net.AddressInfo).port;
  database = await createTestDatabase(processes.tempDir('recruit-operable-db-'));
  product = await processes.spawn({ DATABASE_URL: database.url, SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, MAIL_MAX_ATTEMPTS: '1', METRICS_TOKEN: TOKEN });
}, 120_000);

afterAll(async () => {
  await processes.cleanup();
  await database?.drop();
  await new Promise((resolve) => deadSmtp?.close(resolve));
}, 60_000);

describe('logs and metrics', () => {
  it('a failing request is in the logs with its id, and in the metrics by route and status', async () => {
    const requestId = `req-${Math.random().toString(36).slice(2, 12)}`;
    const res = await fetch(`${product.url}/api/v1/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url, 'x-request-id': requestId },
      body: JSON.stringify({ kind: 'nope' }),
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    await waitUntil(() => logLines().some((line) => line.requestId === requestId), 10_000, 'the failing request is logged');
    const line = logLines().find((l) => l.requestId === requestId)!;
    expect(line).toMatchObject({ tag: 'http', status: 400, route: '/api/v1/client-errors', method: 'POST' });
    const { status, text } = await metrics();
    expect(status).toBe(200);
    expect(text).toMatch(/recruit_http_errors_total\{status="400",route="\/api\/v1\/client-errors"\} [1-9]/);
    expect(text).toMatch(/recruit_http_request_duration_seconds_count\{method="POST",route="\/api\/v1\/client-errors"\} [1-9]/);
    // patterns, not paths: an id makes no series of its own
    await fetch(`${product.url}/api/v1/candidates/0b7f5a43-5e0a-4d7c-9d36-3f1f9f2b1a11`);
    // the server counts a request when its answer has finished, which the client may see first
    await waitUntil(async () => (await metrics()).text.includes('route="/api/v1/candidates/[id]"'), 10_000, 'the request is counted by its route');
    expect((await metrics()).text).not.toContain('0b7f5a43');
  });

  it("a request's id follows it into the job it queued, and the job's failure is counted", async () => {
    const requestId = `req-${Math.random().toString(36).slice(2, 12)}`;
    const email = uniqueEmail('operable');
    const res = await fetch(`${product.url}/api/v1/auth/email/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: product.url, 'x-request-id': requestId },
      body: JSON.stringify({ email, password: PASSWORD, role: 'company', settings: { lang: 'en' } }),
    });
    expect(res.status).toBe(201);
    await waitUntil(
      () => logLines().some((line) => line.requestId === requestId && line.tag === 'jobs' && String(line.msg).includes('failed')),
      30_000,
      () => `the code mail's failure is logged with the request's id:\n${product.output().slice(-3000)}`,
    );
    const failure = logLines().find((line) => line.requestId === requestId && line.tag === 'jobs')!;
    expect(failure.msg).toContain('gave up');
    expect(failure.jobId).toBeTruthy();
    expect((await metrics()).text).toMatch(/recruit_job_failures_total\{task="code-mail",outcome="gave_up"\} [1-9]/);
    // nothing personal reached the log on the way
    expect(product.output()).not.toContain(email);
    expect(product.output()).not.toContain(PASSWORD);
  });

  it('the metrics answer this machine and a token holder, not a visitor through a proxy', async () => {
    const own = await metrics();
    expect(own.status).toBe(200);
    expect(own.text).toContain('recruit_sockets_connected');
    expect(own.text).toMatch(/recruit_db_pool_connections\{state="total"\} \d+/);
    expect(own.text).toContain('recruit_process_cpu_seconds_total');
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9' })).status).toBe(404);
    expect((await metrics({ forwarded: 'for=203.0.113.9' })).status).toBe(404);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN}` })).status).toBe(200);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: `Bearer ${TOKEN.slice(0, -1)}x` })).status).toBe(404);
    expect((await metrics({ 'x-forwarded-for': '203.0.113.9', authorization: 'Bearer short' })).status).toBe(404);
  });

  it('each answer names its request id; a made-up id that is not a plain token is replaced', async () => {
    const res = await fetch(`${product.url}/auth/login`, { headers: { 'x-request-id': 'bad id\twith spaces' } });
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
