/**
 * `npm run user`: staff accounts made from the command line, as real processes on real data —
 * with the product stopped, with it running on the same DATA_DIR, and on DATABASE_URL.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client, PASSWORD, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, ROOT, type TestDatabase } from '../support/server.ts';
import { alive, postJson, postmaster, Processes } from './support.ts';

const processes = new Processes();
afterAll(() => processes.cleanup(), 60_000);

interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node scripts/user.ts …` with DATA_DIR / DATABASE_URL as given (none inherited). */
function cli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['scripts/user.ts', ...args],
      { cwd: ROOT, timeout: 90_000, env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, ...env } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

async function profileAfterLogin(base: string, email: string, password = PASSWORD) {
  const login = await postJson(base, '/api/v1/auth/email/login', { email, password });
  expect(login.status, JSON.stringify(login.json)).toBe(200);
  const response = await fetch(`${base}/api/v1/users/profile`, { headers: { authorization: `Bearer ${login.json.accessToken}` } });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; email: string; role: number; status: number };
}

describe('npm run user on the embedded database of DATA_DIR', () => {
  it('creates an admin while the product is stopped, leaves no PostgreSQL behind, and the product then signs it in', async () => {
    const dataDir = processes.tempDir('recruit-cli-');
    const email = uniqueEmail('admin');
    const created = await cli(['create', '--role', 'admin', '--email', email, '--password', PASSWORD], { DATA_DIR: dataDir });
    expect(created, created.stderr).toMatchObject({ code: 0, stderr: '' });
    expect(created.stdout).toMatch(new RegExp(`^created admin ${email.replace(/\./g, '\\.')} \\(id [0-9a-f-]{36}\\)\\n$`));
    // the CLI started the embedded server itself, so it stopped it again
    expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
    expect(postmaster(dataDir)).toBeUndefined();

    const server = await processes.spawn({}, dataDir);
    const profile = await profileAfterLogin(server.url, email);
    expect(profile).toMatchObject({ email, role: 8, status: 2 });
    expect(created.stdout).toContain(profile.id);
  }, 150_000);

  it('creates a dev through the running product\'s database and leaves that database running', async () => {
    const server = await processes.spawn({}, processes.tempDir('recruit-cli-'));
    const before = postmaster(server.dataDir)!;
    expect(before).toBeDefined();

    const email = uniqueEmail('dev');
    const created = await cli(['create', '--role', 'dev', '--email', email, '--password', PASSWORD, '--name', 'Dee'], { DATA_DIR: server.dataDir });
    expect(created, created.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^created dev /) });

    // the same PostgreSQL still runs: the CLI used it and did not stop it
    expect(postmaster(server.dataDir)).toEqual(before);
    expect(alive(before.pid)).toBe(true);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const profile = await profileAfterLogin(server.url, email);
    expect(profile).toMatchObject({ email, role: 7, status: 2 });

    const listed = await cli(['list'], { DATA_DIR: server.dataDir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain(`${profile.id}  dev    ${email}`);
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 150_000);
});

describe('npm run user on DATABASE_URL', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let env: Record<string, string>;
  let unusedDataDir: string;

  beforeAll(async () => {
    database = await createTestDatabase(processes.tempDir('recruit-cli-db-'));
    pool = new pg.Pool({ connectionString: database.url, max: 2 });
    // with DATABASE_URL the CLI must not start an embedded server in DATA_DIR
    unusedDataDir = processes.tempDir('recruit-cli-unused-');
    env = { DATABASE_URL: database.url, DATA_DIR: unusedDataDir };
  });
  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  const rows = async (email: string) =>
    (await pool.query('select role, status, space_id, lang, name, deleted_at from users where email = $1', [email])).rows;
  const count = async (email: string) => (await rows(email)).length;

  it('creates the staff user in that database', async () => {
    const email = uniqueEmail('admin-url');
    const created = await cli(['create', '--role', 'admin', '--email', email.toUpperCase(), '--password', PASSWORD, '--name', ' Ada '], env);
    expect(created, created.stderr).toMatchObject({ code: 0, stdout: expect.stringContaining(`created admin ${email} (id `) });
    expect(await rows(email)).toEqual([{ role: 8, status: 2, space_id: null, lang: 'en', name: 'Ada', deleted_at: null }]);
    expect(fs.readdirSync(unusedDataDir)).toEqual([]);
  });

  it('refuses other roles, weak passwords, bad addresses and taken addresses, writing nothing', async () => {
    const email = uniqueEmail('refused');
    const [company, weak, badEmail] = await Promise.all([
      cli(['create', '--role', 'company', '--email', email, '--password', PASSWORD], env),
      cli(['create', '--role', 'admin', '--email', email, '--password', 'password'], env),
      cli(['create', '--role', 'admin', '--email', 'not-an-address', '--password', PASSWORD], env),
    ]);
    expect(company.code).toBe(1);
    expect(company.stderr).toMatch(/admin or dev/);
    expect(company.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(weak.code).toBe(1);
    expect(weak.stderr).toMatch(/--password: .*8 characters/);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toMatch(/--email: /);
    expect(await count(email)).toBe(0);

    expect((await cli(['create', '--role', 'dev', '--email', email, '--password', PASSWORD], env)).code).toBe(0);
    const duplicate = await cli(['create', '--role', 'admin', '--email', email, '--password', 'Other0ne!'], env);
    expect(duplicate.code).toBe(1);
    expect(duplicate.stderr).toBe(`error: a user with the address ${email} already exists\n`);
    expect(await rows(email)).toMatchObject([{ role: 7 }]);
  });

  it('answers usage mistakes with the usage text and exit code 2', async () => {
    const mistakes = [['frobnicate'], ['create', '--role', 'admin', '--bogus'], ['create', '--role', 'admin'], ['list', '--all']];
    const [help, ...results] = await Promise.all([cli(['--help'], env), ...mistakes.map((args) => cli(args, env))]);
    results.forEach((result, i) => {
      expect(result.code, mistakes[i]!.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/^error: .+\n\nUsage:/);
    });
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage:/);
  });
});

describe('registration', () => {
  it.each(['admin', 'dev', 8, 7, '8'])('never creates staff: role %j is refused', async (role) => {
    const response = await new Client().post('/api/v1/auth/email/register', { email: uniqueEmail('staff'), password: PASSWORD, role });
    expect(response.status).toBe(400);
    expect(response.json.errors).toMatchObject({ role: 'validation.role_invalid' });
  });
});
