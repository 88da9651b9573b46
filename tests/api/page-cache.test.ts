import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { db, waitFor, type Client } from '../support/client.ts';
import { consentGiven } from '../support/consent.ts';
import { catalogue, vacancyBody } from '../support/fixtures.ts';
import { space } from '../support/spaces.ts';

// Pages kept until their space changes (docs/decisions/0020, drizzle/0028_page_notices.sql).

/** Tables no kept answer reads: they have no notice (it costs a lock at commit), every other table has one. */
const UNWATCHED = [
  // candidate_numbers changes only with an insert into candidates, whose own notice names the space
  'app_settings', 'applications', 'audit_events', 'bulk_operations', 'candidate_merges', 'candidate_numbers', 'client_errors', 'client_views', 'email_codes', 'help_messages',
  'help_tickets', 'rate_limits', 'resume_drafts', 'rights_links', 'rights_requests', 'sessions', 'shortlist_candidates', 'shortlists', 'webhook_deliveries',
  'webhook_endpoints',
];

let listener: pg.Client;
const heard: string[] = [];

beforeAll(async () => {
  listener = new pg.Client({ connectionString: inject('databaseUrl') });
  await listener.connect();
  listener.on('notification', (message) => {
    if (message.channel === 'page_data') heard.push(message.payload ?? '');
  });
  await listener.query('LISTEN page_data');
});

afterAll(async () => {
  await listener.end();
});

/** Changes rows as a replica would: no trigger fires, so no notice tells the server. */
async function silently(statement: string, values: unknown[]): Promise<void> {
  const client = await db().connect();
  try {
    await client.query('set session_replication_role = replica');
    await client.query(statement, values);
  } finally {
    await client.query('reset session_replication_role').catch(() => {});
    client.release();
  }
}

const page = async (client: Client, path: string, headers: Record<string, string> = {}) => {
  const res = await client.get(path, { token: null, headers });
  expect(res.status, path).toBe(200);
  return res.text as string;
};

/**
 * Renames the vacancy without a notice and says whether the person's page still shows the old
 * name, i.e. was sent as kept. A notice for everything ('*', from a test beside this one) may
 * drop the page between the two requests: then it tries again.
 */
async function sentAsKept(client: Client, path: string, vacancyId: string, name: string): Promise<boolean> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const before = await page(client, path, { 'cache-control': 'no-cache' });
    const [{ position_name: old }] = (await db().query('select position_name from vacancies where id = $1', [vacancyId])).rows;
    expect(before).toContain(old);
    await silently('update vacancies set position_name = $2 where id = $1', [vacancyId, `${name} ${attempt}`]);
    if ((await page(client, path)).includes(old)) return true;
  }
  return false;
}

describe('kept pages', () => {
  it('sends the dashboard, the preview and the vacancy list as kept until something in their space changes', async () => {
    const c = await catalogue();
    const s = await space();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id], { positionName: 'Alpha' }))).json;
    for (const path of ['/recruiter', `/vacancy/preview/${vacancy.id}`, `/ru/vacancy/preview/${vacancy.id}`, '/api/v1/vacancy?status=1']) {
      expect(await sentAsKept(s.company.client, path, vacancy.id, 'Silent'), path).toBe(true);

      // each person has their own: the recruiter's first render shows the database as it is
      const [{ position_name: now }] = (await db().query('select position_name from vacancies where id = $1', [vacancy.id])).rows;
      expect(await page(s.recruiter.client, path)).toContain(now);
      // a hard reload renders it again
      expect(await page(s.company.client, path, { 'cache-control': 'no-cache' })).toContain(now);

      // a change made in the database with its notice shows on the next pages
      await db().query('update vacancies set position_name = $2 where id = $1', [vacancy.id, `Noticed ${path}`]);
      await waitFor(async () => (await page(s.company.client, path)).includes(`Noticed ${path}`), 'the notice drops the kept page', 5000);

      // a change the person makes shows at once
      const edited = await s.company.client.put(`/api/v1/vacancy/${vacancy.id}`, vacancyBody(c, [s.customer.id], { positionName: `Edited ${path}` }));
      expect(edited.status, edited.text).toBe(200);
      expect(await page(s.company.client, path)).toContain(`Edited ${path}`);
    }
  });

  it('keeps a page through changes in another space', async () => {
    const c = await catalogue();
    const [s, other] = await Promise.all([space(), space()]);
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id], { positionName: 'Mine' }))).json;
    const theirs = (await other.company.client.post('/api/v1/vacancy', vacancyBody(c, [other.customer.id], { positionName: 'Theirs' }))).json;
    let kept = false;
    for (let attempt = 0; attempt < 3 && !kept; attempt++) {
      await page(s.company.client, '/recruiter', { 'cache-control': 'no-cache' });
      await silently('update vacancies set position_name = $2 where id = $1', [vacancy.id, `Silent ${attempt}`]);
      const edited = await other.company.client.put(`/api/v1/vacancy/${theirs.id}`, vacancyBody(c, [other.customer.id], { positionName: `Theirs ${attempt}` }));
      expect(edited.status).toBe(200);
      const [{ position_name: was }] = (await db().query(`select position_name from vacancies where id = $1`, [theirs.id])).rows;
      expect(was).toBe(`Theirs ${attempt}`);
      kept = !(await page(s.company.client, '/recruiter')).includes(`Silent ${attempt}`);
    }
    expect(kept).toBe(true);
  });

  it('gives every table that pages read a notice, naming the space of the rows changed', async () => {
    const { rows } = await db().query<{ table_name: string; triggers: string[] }>(`
      select c.relname as table_name, array_remove(array_agg(t.tgname::text order by t.tgname), null) as triggers
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      left join pg_trigger t on t.tgrelid = c.oid and t.tgname like 'page_data_%'
      where n.nspname = 'public' and c.relkind = 'r'
      group by c.relname`);
    for (const row of rows) {
      expect(row.triggers, row.table_name).toEqual(UNWATCHED.includes(row.table_name) ? [] : ['page_data_delete', 'page_data_insert', 'page_data_update']);
    }
    expect(rows.map((r) => r.table_name)).toEqual(expect.arrayContaining(UNWATCHED));

    // the tables of the kept pages, each changed directly, name the space (through their parent row)
    const c = await catalogue();
    const s = await space();
    const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json;
    const candidate = (await s.company.client.post('/api/v1/candidates', { name: 'Pavel', surname: 'Orlov', email: 'pavel@example.com', vacancyId: vacancy.id })).json;
    await consentGiven(candidate.id, [s.customer.id]);
    expect((await s.company.client.post('/api/v1/vacancy/comment', { vacancyId: vacancy.id, text: 'Salary raised' })).status).toBe(201);
    const interview = await s.recruiter.client.post('/api/v1/interviews', {
      candidateId: candidate.id, vacancyId: vacancy.id, startsAt: new Date(Date.now() + 2 * 86_400_000).toISOString(), durationMinutes: 45, kind: 'video', location: 'https://meet.example/abc', participants: [s.customer.id],
    });
    expect(interview.status, interview.text).toBe(201);
    const spaceId = (await db().query('select space_id from users where id = $1', [s.customer.id])).rows[0].space_id as string;
    const changes: [string, string, unknown][] = [
      ['users', 'update users set name = name where space_id = $1', spaceId],
      ['invites', 'update invites set email = email where space_id = $1', spaceId],
      ['vacancies', 'update vacancies set position_name = position_name where id = $1', vacancy.id],
      ['vacancy_customers', 'update vacancy_customers set user_id = user_id where vacancy_id = $1', vacancy.id],
      ['vacancy_soft_skills', 'update vacancy_soft_skills set skill_id = skill_id where vacancy_id = $1', vacancy.id],
      ['vacancy_comments', 'update vacancy_comments set text = text where vacancy_id = $1', vacancy.id],
      ['candidates', 'update candidates set name = name where id = $1', candidate.id],
      ['vacancy_candidates', 'update vacancy_candidates set stage = stage where candidate_id = $1', candidate.id],
      ['funnel_events', 'update funnel_events set vacancy_id = vacancy_id where candidate_id = $1', candidate.id],
      ['consent_grants', 'update consent_grants set customer_id = customer_id where candidate_id = $1', candidate.id],
      ['interviews', 'update interviews set starts_at = starts_at where id = $1', interview.json.id],
      ['interview_participants', 'update interview_participants set user_id = user_id where interview_id = $1', interview.json.id],
      ['notifications', 'update notifications set read_at = read_at where space_id = $1', spaceId],
      ['ratings', `insert into ratings (vacancy_id, candidate_id, user_id, score) select $1, candidate_id, (select id from users where space_id = (select space_id from vacancies where id = $1) limit 1), 4 from vacancy_candidates where vacancy_id = $1`, vacancy.id],
      ['vacancy_comments', 'delete from vacancy_comments where vacancy_id = $1', vacancy.id],
      ['chat_messages', `insert into chat_messages (space_id, sender_id, recipient_id, text) values ((select space_id from vacancies where id = $1), (select recruiter_id from vacancies where id = $1), (select user_id from vacancy_customers where vacancy_id = $1 limit 1), 'Hello')`, vacancy.id],
    ];
    for (const [index, [table, statement, value]] of changes.entries()) {
      // the statement and a marker in one transaction: its notices arrive together, the marker last
      const marker = `marker ${process.pid} ${index}`;
      const client = await db().connect();
      try {
        await client.query('begin');
        const { rowCount } = await client.query(statement, [value]);
        expect(rowCount, table).toBeGreaterThan(0);
        await client.query(`select pg_notify('page_data', $1)`, [marker]);
        await client.query('commit');
      } finally {
        client.release();
      }
      await waitFor(() => heard.includes(marker), `the marker after ${table}`, 5000);
      expect(heard[heard.indexOf(marker) - 1], `a change in ${table} names its space`).toBe(spaceId);
    }
  });
});
