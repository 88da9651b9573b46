/**
 * `npm run seed` and `npm run bench` as real processes on a throwaway DATA_DIR: a small demo
 * space the product then serves, and a short benchmark run over it. Needs the build (dist/).
 */
import { execFile } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';
import { alive, postJson, postmaster, Processes } from './support.ts';

const processes = new Processes();
afterAll(() => processes.cleanup(), 60_000);

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function run(script: string, args: string[], dataDir: string, timeout: number): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [script, ...args],
      { cwd: ROOT, timeout, maxBuffer: 10 * 1024 * 1024, env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: dataDir, PORT: undefined, PUBLIC_URL: undefined } },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
    );
  });
}

describe('npm run seed and npm run bench', () => {
  it('seeds a demo space the product serves, and benchmarks it', async () => {
    const dataDir = processes.tempDir('recruit-seed-');

    const seeded = await run('scripts/seed.ts', ['--candidates', '500'], dataDir, 60_000);
    expect(seeded, seeded.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(seeded.stdout).toMatch(/done in [\d.]+ s: 500 candidates, 20 vacancies/);
    expect(seeded.stdout).toContain('demo@recruit.local');
    // the seed started the embedded server itself, so it stopped it again
    expect(postmaster(dataDir)).toBeUndefined();

    const server = await processes.spawn({}, dataDir);
    const login = await postJson(server.url, '/api/v1/auth/email/login', { email: 'demo@recruit.local', password: 'Demo-2026!' });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    const auth = { authorization: `Bearer ${login.json.accessToken}` };
    const list = await fetch(`${server.url}/api/v1/candidates`, { headers: auth });
    expect(list.status).toBe(200);
    const page = (await list.json()) as { data: { name: string; positionName: string }[]; pagination: { totalRecords: number } };
    expect(page.pagination.totalRecords).toBe(500);
    expect(page.data).toHaveLength(20);
    expect(page.data.every((c) => c.name && c.positionName)).toBe(true);
    // the demo members joined by the company's invites: its profile lists them
    const invited = (await (await fetch(`${server.url}/api/v1/users/invite`, { headers: auth })).json()) as { email: string }[];
    expect(invited.map((i) => i.email).sort()).toEqual([1, 2, 3].map((i) => `demo.customer${i}@recruit.local`).concat([1, 2].map((i) => `demo.recruiter${i}@recruit.local`)));
    // the search vector of the bulk rows answers like one built by the product
    const found = await fetch(`${server.url}/api/v1/candidates?search=${encodeURIComponent('менеджера')}`, { headers: auth });
    expect(((await found.json()) as { pagination: { totalRecords: number } }).pagination.totalRecords).toBeGreaterThan(0);
    const vacancies = (await (await fetch(`${server.url}/api/v1/vacancy?status=1`, { headers: auth })).json()) as { counts: { all: number } }[];
    expect(Math.max(...vacancies.map((v) => v.counts.all))).toBe(300);
    // a customer finds the candidates waiting on them in their notifications, in their language
    const customer = await postJson(server.url, '/api/v1/auth/email/login', { email: 'demo.customer1@recruit.local', password: 'Demo-2026!' });
    const notices = (await (await fetch(`${server.url}/api/v1/notifications?lng=ru`, { headers: { authorization: `Bearer ${customer.json.accessToken}` } })).json()) as { data: { text: string }[] };
    expect(notices.data.length).toBeGreaterThan(0);
    expect(notices.data[0]!.text).toMatch(/этап «(Собеседование с заказчиком|Финалист)»/);
    // of published vacancies only: a move told of in an archived one read as made after its archiving
    const customerAuth = { authorization: `Bearer ${customer.json.accessToken}` };
    const noticed = new Set((notices.data as unknown as { link: string }[]).map((n) => n.link.split('/').at(-1)!));
    for (const id of noticed) expect(((await (await fetch(`${server.url}/api/v1/vacancy/${id}`, { headers: customerAuth })).json()) as { status: number }).status).toBe(1);
    expect(await server.stop()).toBe(0);

    // every section, the server lines one second each: the run proves the script, not the figures
    const benched = await run('scripts/bench.ts', ['--requests', '5', '--concurrency', '2', '--sockets', '20', '--duration', '1'], dataDir, 180_000);
    expect(benched, benched.stderr).toMatchObject({ code: 0, stderr: '' });
    const out = benched.stdout;
    expect(out).toMatch(/Recruit bench: 500 candidates/);
    for (const title of ['Candidate list', 'Filtered search', 'Vacancy candidates', 'Chat (socket.io, one process)']) expect(out).toContain(title);
    expect(out).toMatch(/chat: 20 sockets connected in [\d.]+ s; 5 messages/);
    // every case has its line of numbers: p50, p95, max, rows, total
    const lines = out.split('\n').filter((line) => /^\s{2}\S.*\s1 at a time\s/.test(line));
    expect(lines.length).toBeGreaterThanOrEqual(10);
    for (const line of lines) expect(line).toMatch(/1 at a time\s+\d+\.\d\s+\d+\.\d\s+\d+\.\d\s+\d+\s+[\d,]+/);
    expect(out).toMatch(/page=1\s+1 at a time\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+20\s+500\b/);
    // the benchmark's product started the database and stopped it with itself
    const pg = postmaster(dataDir);
    expect(pg === undefined || !alive(pg.pid)).toBe(true);
  }, 300_000);
});
