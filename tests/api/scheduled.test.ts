/**
 * Scheduled work on the job queue (issue 10): rate-limit windows, codes and sessions past their
 * life are deleted by the hourly clean-up; consent links expire after 30 days and the status
 * says so. The tests add the scheduled job at once instead of waiting for its hour.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { Client, db, lastMail, signUp, uniqueEmail, waitFor } from '../support/client.ts';

async function runNow(task: 'cleanup' | 'expire-consent') {
  await db().query(`select graphile_worker.add_job($1, '{}'::json)`, [task]);
}

describe('the schedule', () => {
  it('the product registers its recurring jobs with the queue', async () => {
    const { rows } = await db().query<{ identifier: string }>('select identifier from graphile_worker._private_known_crontabs order by identifier');
    expect(rows.map((r) => r.identifier)).toEqual(['cleanup', 'expire-consent', 'mail-probe', 'notification-digest', 'retention']);
  });
});

describe('the clean-up', () => {
  it('deletes ended rate-limit windows, codes and sessions past their life, and keeps the live ones', async () => {
    const { user } = await signUp('company');
    const key = `test-window:${uniqueEmail()}`;
    await db().query(
      `insert into rate_limits (key, window_start, count) values ($1, now() - interval '3 days', 3), ($1, date_trunc('hour', now()), 1)`,
      [key],
    );
    await db().query(
      `insert into email_codes (user_id, purpose, code_hash, expires_at) values
         ($1, 'verify', 'old', now() - interval '2 hours'), ($1, 'verify', 'live', now() + interval '10 minutes')`,
      [user.id],
    );
    await db().query(
      `insert into sessions (user_id, token_hash, persistent, expires_at, revoked_at) values
         ($1, $2, true, now() - interval '1 minute', null),
         ($1, $3, true, now() + interval '1 day', now() - interval '2 days'),
         ($1, $4, true, now() + interval '1 day', now() - interval '1 hour')`,
      [user.id, `expired-${key}`, `revoked-long-ago-${key}`, `revoked-now-${key}`],
    );

    await runNow('cleanup');
    await waitFor(async () => (await db().query('select 1 from email_codes where user_id = $1 and code_hash = $2', [user.id, 'old'])).rowCount === 0, 'the clean-up runs');

    const windows = await db().query('select count from rate_limits where key = $1', [key]);
    expect(windows.rows).toEqual([{ count: 1 }]);
    const codes = await db().query('select code_hash from email_codes where user_id = $1 and code_hash in ($2, $3)', [user.id, 'old', 'live']);
    expect(codes.rows).toEqual([{ code_hash: 'live' }]);
    const sessions = await db().query('select token_hash from sessions where token_hash like $1', [`%${key}`]);
    expect(sessions.rows).toEqual([{ token_hash: `revoked-now-${key}` }]);
    // the person's own session is live and stays
    expect((await db().query('select count(*)::int as n from sessions where user_id = $1 and revoked_at is null and expires_at > now()', [user.id])).rows[0].n).toBeGreaterThan(0);
  });
});

describe('résumé drafts', () => {
  it('the clean-up deletes drafts nobody attached within a day, with their files, and keeps younger ones', async () => {
    const { client } = await signUp('company');
    const parse = async () => {
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync('tests/fixtures/resumes/ru-05-compact.pdf')], { type: 'application/pdf' }), 'cv.pdf');
      return (await client.request('POST', '/api/v1/candidates/parse-resume', { raw: form })).json.draft.name as string;
    };
    const old = await parse();
    const young = await parse();
    const file = (name: string) => path.join(inject('dataDir'), 'resumes', name);
    expect(fs.existsSync(file(old))).toBe(true);
    await db().query(`update resume_drafts set created_at = now() - interval '25 hours' where name = $1`, [old]);

    await runNow('cleanup');
    await waitFor(async () => (await db().query('select 1 from resume_drafts where name = $1', [old])).rowCount === 0, 'the clean-up runs');
    await waitFor(() => !fs.existsSync(file(old)), 'the old draft file goes');
    expect((await db().query('select 1 from resume_drafts where name = $1', [young])).rowCount).toBe(1);
    expect(fs.existsSync(file(young))).toBe(true);
  });
});

describe('consent links', () => {
  it('a link unanswered for 30 days turns Waiting PD into Link expired; the dialog history says when; a new request is possible', async () => {
    const { client } = await signUp('company');
    const email = uniqueEmail('cand');
    const candidate = (await client.post('/api/v1/candidates', { name: 'Anna', surname: 'Late', positionName: 'Designer', email })).json;
    expect((await client.post('/api/v1/candidates/pd', { candidateId: candidate.id })).json).toEqual({ pdStatus: 2 });
    const token = /\/verify\/pd\?token=([\w-]+)/.exec((await lastMail(email)).text ?? '')![1]!;

    // a request made 30 days ago, and one still open on another candidate
    await db().query(`update pd_requests set created_at = now() - interval '30 days 1 hour', expires_at = now() - interval '1 hour' where candidate_id = $1`, [candidate.id]);
    const other = (await client.post('/api/v1/candidates', { name: 'Boris', surname: 'Fresh', positionName: 'Designer', email: uniqueEmail('cand') })).json;
    await client.post('/api/v1/candidates/pd', { candidateId: other.id });

    await runNow('expire-consent');
    await waitFor(async () => (await client.get(`/api/v1/candidates/${candidate.id}`)).json.pdStatus === 6, 'the status turns to Link expired');
    const view = (await client.get(`/api/v1/candidates/${candidate.id}`)).json;
    expect(view.pdHistory.map((e: { kind: string }) => e.kind)).toEqual(['expired', 'requested']);
    expect((await client.get(`/api/v1/candidates/${other.id}`)).json.pdStatus).toBe(2);
    // the link says so too, and can no longer be answered
    const answer = await new Client().post('/api/v1/verify/candidate/pd', { token, response: 'approved' });
    expect(answer.json).toMatchObject({ statusCode: 410, message: 'error.pd.expired' });

    expect((await client.post('/api/v1/candidates/pd', { candidateId: candidate.id })).json).toEqual({ pdStatus: 2 });
  });
});
