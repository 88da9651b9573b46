import { beforeAll, describe, expect, it } from 'vitest';
import { Client, db, lastMail, waitFor } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';

/**
 * Bulk actions (issue 15 item 5, docs/decisions/0030): each candidate goes through the single
 * action's rules and is recorded as the single action records it; a refused one is skipped with
 * the reason; small selections are done in the request, large ones by the job queue.
 */

const BULK = '/api/v1/candidates/bulk';
type Space = Awaited<ReturnType<typeof space>>;
let c: Awaited<ReturnType<typeof catalogue>>;

beforeAll(async () => {
  c = await catalogue();
});

async function vacancyOf(s: Space, customers = [s.customer.id, s.customer2.id]): Promise<string> {
  const res = await s.company.client.post('/api/v1/vacancy', vacancyBody(c, customers));
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function candidateOf(s: Space, patch: Record<string, unknown> = {}): Promise<string> {
  const res = await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { email: `c-${Math.random().toString(36).slice(2)}@example.com`, ...patch }));
  expect(res.status, res.text).toBe(201);
  return res.json.id as string;
}

async function stageOf(vacancyId: string, candidateId: string): Promise<number | undefined> {
  const { rows } = await db().query('select stage from vacancy_candidates where vacancy_id = $1 and candidate_id = $2', [vacancyId, candidateId]);
  return rows[0]?.stage;
}

async function events(candidateId: string, kind: string): Promise<{ from_value: string | null; to_value: string | null; user_id: string }[]> {
  const { rows } = await db().query('select from_value, to_value, user_id from funnel_events where candidate_id = $1 and kind = $2 order by created_at', [candidateId, kind]);
  return rows;
}

async function spaceIdOf(userId: string): Promise<string> {
  return (await db().query('select space_id from users where id = $1', [userId])).rows[0].space_id;
}

/** `n` candidates straight into the space's database, quickly, all with the given salary (the filter to find them by). */
async function manyCandidates(s: Space, n: number, salary: number): Promise<void> {
  await db().query(
    `insert into candidates (space_id, created_by, name, surname, salary, search)
     select $1, $2, 'Bulk', 'N' || g, $3, to_tsvector('simple', 'bulk') from generate_series(1, $4::int) g`,
    [await spaceIdOf(s.company.user.id), s.company.user.id, salary, n],
  );
}

describe('bulk add to a vacancy', () => {
  it('adds by ids once each, with the history row of a single add; a dry run says how many and changes nothing', async () => {
    const s = await space();
    const other = await space();
    const vacancy = await vacancyOf(s);
    const [a, b, on] = [await candidateOf(s), await candidateOf(s), await candidateOf(s, { vacancyId: vacancy })];
    const foreign = await candidateOf(other);

    const dry = await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids: [a, b, on, foreign], params: { vacancyId: vacancy }, dryRun: true });
    expect(dry.status, dry.text).toBe(200);
    expect(dry.json).toEqual({ dryRun: true, total: 3, applied: 2, skipped: 2, reasons: { 'bulk.skip.already_on_vacancy': 1, 'error.common.not_found': 1 } });
    expect(await stageOf(vacancy, a)).toBeUndefined();
    expect(await events(a, 'added_to_vacancy')).toEqual([]);

    const res = await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids: [a, b, on, foreign], params: { vacancyId: vacancy } });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ action: 'addToVacancy', status: 'done', total: 3, done: 3, applied: 2, skipped: 2 });
    expect(res.json.skips).toEqual(expect.arrayContaining([{ candidateId: on, reason: 'bulk.skip.already_on_vacancy' }, { candidateId: foreign, reason: 'error.common.not_found' }]));
    expect(await stageOf(vacancy, a)).toBe(1);
    expect(await stageOf(vacancy, b)).toBe(1);
    expect(await events(a, 'added_to_vacancy')).toEqual([expect.objectContaining({ user_id: s.recruiter.id })]);
    // another space's candidate was not touched, nor learnt about
    expect(await events(foreign, 'added_to_vacancy')).toEqual([]);
    const progress = await s.recruiter.client.get(`${BULK}/${res.json.id}`);
    expect(progress.json).toEqual(res.json);
    // nobody else reads its progress
    expect((await s.company.client.get(`${BULK}/${res.json.id}`)).status).toBe(404);
    expect((await other.company.client.get(`${BULK}/${res.json.id}`)).status).toBe(404);
    expect((await new Client().get(`${BULK}/${res.json.id}`)).status).toBe(401);
    for (const bad of ['x', '00000000-0000-0000-0000-000000000000', '%00', '1e20']) expect((await s.recruiter.client.get(`${BULK}/${bad}`)).status, bad).toBe(404);

    // only another space's ids: nothing to do
    const none = await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids: [foreign], params: { vacancyId: vacancy } });
    expect(none.status).toBe(422);
    expect(none.json.message).toBe('error.bulk.empty');
    // another space's vacancy is not found
    const otherVacancy = await vacancyOf(other);
    expect((await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids: [a], params: { vacancyId: otherVacancy } })).status).toBe(404);
    expect(await stageOf(otherVacancy, a)).toBeUndefined();
  });

  it('adds everyone matching the list filter, and the vacancy list filter selects within the vacancy', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    const target = await vacancyOf(s);
    const rich = [await candidateOf(s, { salary: 424242, salaryTo: null, vacancyId: vacancy }), await candidateOf(s, { salary: 424242, salaryTo: null })];
    const poor = await candidateOf(s, { salary: 1000, salaryTo: null, vacancyId: vacancy });
    const res = await s.company.client.post(BULK, { action: 'addToVacancy', filter: { salaryFrom: '424242', salaryTo: '424242' }, params: { vacancyId: target } });
    expect(res.json).toMatchObject({ status: 'done', total: 2, applied: 2, skipped: 0 });
    expect(await stageOf(target, poor)).toBeUndefined();
    // the filter of the vacancy's list: its stage and the list's filters, only its candidates
    const third = await vacancyOf(s);
    const within = await s.company.client.post(BULK, { action: 'addToVacancy', vacancyId: vacancy, filter: { stage: '1', salaryFrom: '424242' }, params: { vacancyId: third } });
    expect(within.json).toMatchObject({ total: 1, applied: 1 });
    expect(await stageOf(third, rich[0]!)).toBe(1);
    expect(await stageOf(third, rich[1]!)).toBeUndefined();
  });
});

describe('bulk stage moves', () => {
  it("follow the funnel's permission rules per role and record each move as a single move does", async () => {
    const s = await space();
    const other = await space();
    const vacancy = await vacancyOf(s); // customer is the main one, customer2 the second
    const [a, b, n] = [await candidateOf(s, { vacancyId: vacancy }), await candidateOf(s, { vacancyId: vacancy }), await candidateOf(s, { vacancyId: vacancy })];
    const outside = await candidateOf(s);

    // the recruiter moves any stage
    const toInterview = await s.recruiter.client.post(BULK, { action: 'moveStage', ids: [a, b, outside], params: { vacancyId: vacancy, stage: 4 } });
    expect(toInterview.json).toMatchObject({ applied: 2, skipped: 1, reasons: { 'bulk.skip.not_on_vacancy': 1 } });
    expect(await events(a, 'stage')).toEqual([{ from_value: '1', to_value: '4', user_id: s.recruiter.id }]);

    // a second customer is not the main one: every candidate refused, nothing moved
    const second = await s.customer2.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, ids: [a, b], params: { vacancyId: vacancy, stage: 5 } });
    expect(second.json).toMatchObject({ applied: 0, skipped: 2, reasons: { 'error.funnel.stage_forbidden': 2 } });
    // the main customer: from customer interview onwards only, to finalist, hired or archive
    const early = await s.customer.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, ids: [a, b, n], params: { vacancyId: vacancy, stage: 3 } });
    expect(early.json).toMatchObject({ applied: 0, skipped: 3, reasons: { 'error.funnel.stage_forbidden': 3 } });
    const dry = await s.customer.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, filter: {}, params: { vacancyId: vacancy, stage: 5 }, dryRun: true });
    expect(dry.json).toEqual({ dryRun: true, total: 3, applied: 2, skipped: 1, reasons: { 'error.funnel.stage_forbidden': 1 } });
    const main = await s.customer.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, filter: {}, params: { vacancyId: vacancy, stage: 5 } });
    expect(main.json).toMatchObject({ total: 3, applied: 2, skipped: 1, skips: [{ candidateId: n, reason: 'error.funnel.stage_forbidden' }] });
    expect([await stageOf(vacancy, a), await stageOf(vacancy, b), await stageOf(vacancy, n)]).toEqual([5, 5, 1]);
    expect((await events(b, 'stage')).at(-1)).toEqual({ from_value: '4', to_value: '5', user_id: s.customer.id });
    // the single move's notification too: the customer's move is news to the recruiter
    const told = await db().query(`select count(*)::int as n from notifications where candidate_id = $1 and kind = 'stage' and user_id = (select recruiter_id from vacancies where id = $2)`, [b, vacancy]);
    expect(told.rows[0].n).toBeGreaterThan(0);

    // a customer cannot add to a vacancy nor ask for consent, nor work the database
    expect((await s.customer.client.post(BULK, { action: 'addToVacancy', ids: [n], params: { vacancyId: vacancy } })).status).toBe(403);
    expect((await s.customer.client.post(BULK, { action: 'requestConsent', ids: [n] })).status).toBe(403);
    expect((await s.customer.client.post(BULK, { action: 'moveStage', filter: {}, params: { vacancyId: vacancy, stage: 5 } })).status).toBe(403);
    // another space's customer and recruiter do not see the vacancy
    expect((await other.customer.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, filter: {}, params: { vacancyId: vacancy, stage: 7 } })).status).toBe(404);
    expect((await other.recruiter.client.post(BULK, { action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: 'x' } })).status).toBe(404);
    expect(await stageOf(vacancy, a)).toBe(5);

    // archive with a reason: the stage and the reason beside it, per candidate
    const archived = await s.recruiter.client.post(BULK, { action: 'archive', ids: [a, b, n], params: { vacancyId: vacancy, reason: 'Position closed' } });
    expect(archived.json).toMatchObject({ applied: 3, skipped: 0 });
    expect(await stageOf(vacancy, n)).toBe(7);
    expect(await events(n, 'reject_reason')).toEqual([{ from_value: null, to_value: 'Position closed', user_id: s.recruiter.id }]);
    const again = await s.recruiter.client.post(BULK, { action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: 'Again' } });
    expect(again.json).toMatchObject({ applied: 0, skipped: 1, reasons: { 'bulk.skip.already_at_stage': 1 } });
    expect(await events(a, 'reject_reason')).toHaveLength(1);
  });

  it('many identical requests at once move each candidate once', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    const ids = [await candidateOf(s, { vacancyId: vacancy }), await candidateOf(s, { vacancyId: vacancy }), await candidateOf(s, { vacancyId: vacancy })];
    const answers = await Promise.all(Array.from({ length: 8 }, () => s.recruiter.client.post(BULK, { action: 'moveStage', ids, params: { vacancyId: vacancy, stage: 2 } })));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    expect(answers.reduce((sum, a) => sum + (a.json.applied as number), 0)).toBe(3);
    for (const id of ids) expect(await events(id, 'stage')).toHaveLength(1);

    const target = await vacancyOf(s);
    const adds = await Promise.all(Array.from({ length: 8 }, () => s.recruiter.client.post(BULK, { action: 'addToVacancy', ids, params: { vacancyId: target } })));
    expect(adds.reduce((sum, a) => sum + (a.json.applied as number), 0)).toBe(3);
    for (const id of ids) expect(await events(id, 'added_to_vacancy')).toHaveLength(1);
  });
});

describe('bulk consent requests', () => {
  it('mail each candidate once, skip those without an address, pending or over the mail limit', async () => {
    const s = await space();
    const email = `bulk-${Date.now()}@example.com`;
    const mailed = await candidateOf(s, { email });
    const silent = await candidateOf(s, { email: '' });
    const limited = await candidateOf(s);
    const limitedEmail = (await db().query('select email from candidates where id = $1', [limited])).rows[0].email;
    // the address had its five consent mails from this space today
    await db().query(`insert into rate_limits (key, window_start, count) values ($1, to_timestamp(floor(extract(epoch from now()) / 86400) * 86400), 5)`, [`mail-to:pd:${await spaceIdOf(s.company.user.id)}:${limitedEmail}`]);

    const res = await s.recruiter.client.post(BULK, { action: 'requestConsent', ids: [mailed, silent, limited] });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ applied: 1, skipped: 2, reasons: { 'error.pd.no_email': 1, 'error.mail.recipient_limit': 1 } });
    const mail = await lastMail(email);
    expect(mail.subject).toBeTruthy();
    expect(await events(mailed, 'pd_requested')).toHaveLength(1);
    expect(await events(limited, 'pd_requested')).toEqual([]);
    expect((await db().query('select pd_status from candidates where id = $1', [limited])).rows[0].pd_status).toBe(1);

    // asked already: the request waits for the answer, no second mail
    const again = await Promise.all(Array.from({ length: 5 }, () => s.recruiter.client.post(BULK, { action: 'requestConsent', ids: [mailed] })));
    for (const answer of again) expect(answer.json).toMatchObject({ applied: 0, reasons: { 'bulk.skip.consent_pending': 1 } });
    expect((await db().query('select count(*)::int as n from pd_requests where candidate_id = $1', [mailed])).rows[0].n).toBe(1);

    // nobody asked twice by identical requests at once
    const fresh = [await candidateOf(s), await candidateOf(s)];
    const racing = await Promise.all(Array.from({ length: 6 }, () => s.company.client.post(BULK, { action: 'requestConsent', ids: fresh })));
    expect(racing.reduce((sum, a) => sum + (a.json.applied as number), 0)).toBe(2);
    for (const id of fresh) expect((await db().query('select count(*)::int as n from pd_requests where candidate_id = $1', [id])).rows[0].n).toBe(1);
  });
});

describe('large selections', () => {
  it('go to the job queue, whose progress the request answers and the endpoint follows', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    await manyCandidates(s, 450, 515151);
    const filter = { salaryFrom: '515151', salaryTo: '515151' };
    const dry = await s.recruiter.client.post(BULK, { action: 'addToVacancy', filter, params: { vacancyId: vacancy }, dryRun: true });
    expect(dry.json).toEqual({ dryRun: true, total: 450, applied: null, skipped: null, reasons: {} });

    // two identical ones at once: each candidate is added once all the same
    const [first, second] = await Promise.all([0, 1].map(() => s.recruiter.client.post(BULK, { action: 'addToVacancy', filter, params: { vacancyId: vacancy } })));
    expect(first!.status, first!.text).toBe(202);
    expect(first!.json).toMatchObject({ status: 'running', total: 450 });
    const finished = async (id: string) => {
      let last: Record<string, unknown> = {};
      await waitFor(async () => {
        last = (await s.recruiter.client.get(`${BULK}/${id}`)).json;
        return last.status !== 'running';
      }, 'the bulk job is done', 60_000);
      return last;
    };
    const [one, two] = [await finished(first!.json.id), await finished(second!.json.id)];
    expect(one).toMatchObject({ status: 'done', total: 450, done: 450 });
    expect(two).toMatchObject({ status: 'done', total: 450, done: 450 });
    expect((one.applied as number) + (two.applied as number)).toBe(450);
    const links = await db().query('select count(*)::int as n from vacancy_candidates where vacancy_id = $1', [vacancy]);
    expect(links.rows[0].n).toBe(450);
    const added = await db().query(`select count(*)::int as n from funnel_events where vacancy_id = $1 and kind = 'added_to_vacancy'`, [vacancy]);
    expect(added.rows[0].n).toBe(450);
  }, 120_000);

  it("follow the funnel's rules per candidate in the job too: a customer's large move skips the stages not theirs", async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    await manyCandidates(s, 260, 737373);
    // on the vacancy: every other one at customer interview, the rest new
    await db().query(
      `insert into vacancy_candidates (vacancy_id, candidate_id, stage)
       select $1, id, case when row_number() over (order by id) % 2 = 0 then 4 else 1 end from candidates where space_id = $2 and salary = 737373`,
      [vacancy, await spaceIdOf(s.company.user.id)],
    );
    const res = await s.customer.client.post(BULK, { action: 'moveStage', vacancyId: vacancy, filter: { salaryFrom: '737373' }, params: { vacancyId: vacancy, stage: 5 } });
    expect(res.status, res.text).toBe(202);
    let last: Record<string, unknown> = {};
    await waitFor(async () => {
      last = (await s.customer.client.get(`${BULK}/${res.json.id}`)).json;
      return last.status !== 'running';
    }, 'the bulk job is done', 60_000);
    expect(last).toMatchObject({ status: 'done', total: 260, done: 260, applied: 130, skipped: 130, reasons: { 'error.funnel.stage_forbidden': 130 } });
    expect((last.skips as unknown[]).length).toBe(100);
    const moved = await db().query(`select count(*)::int as n from funnel_events where vacancy_id = $1 and kind = 'stage' and from_value = '4' and to_value = '5' and user_id = $2`, [vacancy, s.customer.id]);
    expect(moved.rows[0].n).toBe(130);
    const stages = await db().query('select stage, count(*)::int as n from vacancy_candidates where vacancy_id = $1 group by stage order by stage', [vacancy]);
    expect(stages.rows).toEqual([{ stage: 1, n: 130 }, { stage: 5, n: 130 }]);
  }, 120_000);

  it('skip the rest when the request no longer holds by the time the job runs (the vacancy was archived)', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    await manyCandidates(s, 3, 848484);
    const ids = (await db().query('select id from candidates where salary = 848484 order by id')).rows.map((r) => r.id as string);
    expect((await s.company.client.request('DELETE', `/api/v1/vacancy/${vacancy}`)).status).toBeLessThan(300);
    // an operation queued before the archiving, as the request would have left it
    const { rows } = await db().query(
      `insert into bulk_operations (space_id, user_id, action, params, candidate_ids, total) values ($1, $2, 'addToVacancy', $3, $4, 3) returning id`,
      [await spaceIdOf(s.recruiter.id), s.recruiter.id, { vacancyId: vacancy }, ids],
    );
    await db().query(`select graphile_worker.add_job('bulk', json_build_object('operationId', $1::text))`, [rows[0].id]);
    let last: Record<string, unknown> = {};
    await waitFor(async () => {
      last = (await s.recruiter.client.get(`${BULK}/${rows[0].id}`)).json;
      return last.status !== 'running';
    }, 'the bulk job is done');
    expect(last).toMatchObject({ status: 'done', total: 3, done: 3, applied: 0, skipped: 3, reasons: { 'error.vacancy.not_published': 3 } });
    expect((await db().query('select count(*)::int as n from vacancy_candidates where vacancy_id = $1', [vacancy])).rows[0].n).toBe(0);
  });

  it('are refused past 10,000 candidates, changing nothing', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    await manyCandidates(s, 10_001, 626262);
    const res = await s.recruiter.client.post(BULK, { action: 'addToVacancy', filter: { salaryFrom: '626262' }, params: { vacancyId: vacancy } });
    expect(res.status).toBe(422);
    expect(res.json.message).toBe('error.bulk.over_limit');
    expect((await db().query('select count(*)::int as n from vacancy_candidates where vacancy_id = $1', [vacancy])).rows[0].n).toBe(0);
    expect((await db().query('select count(*)::int as n from bulk_operations where user_id = $1', [s.recruiter.id])).rows[0].n).toBe(0);
    // so are more than 10,000 ids
    const ids = Array.from({ length: 10_001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    expect((await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids, params: { vacancyId: vacancy } })).status).toBe(400);
  }, 60_000);
});

describe('the bulk endpoint', () => {
  it('answers 401 without a session and refuses bad bodies with a translated 4xx, changing nothing', async () => {
    const s = await space();
    const vacancy = await vacancyOf(s);
    const a = await candidateOf(s, { vacancyId: vacancy });
    expect((await new Client().post(BULK, { action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: 'x' } })).status).toBe(401);
    const bodies: [unknown, string?][] = [
      [{}],
      [{ action: 'delete', ids: [a] }, 'action'],
      [{ action: 'archive', ids: [a], params: { vacancyId: vacancy } }, 'params.reason'],
      [{ action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: '   ' } }, 'params.reason'],
      [{ action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: 'a\u0000b' } }],
      [{ action: 'archive', ids: [a], params: { vacancyId: vacancy, reason: 'x'.repeat(1001) } }],
      [{ action: 'moveStage', ids: [a], params: { vacancyId: vacancy } }, 'params.stage'],
      [{ action: 'moveStage', ids: [a], params: { vacancyId: vacancy, stage: 9 } }],
      [{ action: 'moveStage', ids: [a], params: { vacancyId: vacancy, stage: 1e20 } }],
      [{ action: 'moveStage', ids: [a], params: { stage: 2 } }, 'params.vacancyId'],
      [{ action: 'addToVacancy', ids: [a], filter: {}, params: { vacancyId: vacancy } }, 'ids'],
      [{ action: 'addToVacancy', params: { vacancyId: vacancy } }, 'ids'],
      [{ action: 'addToVacancy', ids: [], params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', ids: [null], params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', ids: 'all', params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', filter: { salaryFrom: '1e20' }, params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', filter: { salaryFrom: 5 }, params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', filter: { ageFrom: '2020-02-31' }, params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', filter: { search: 'a\u0000' }, params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', filter: [], params: { vacancyId: vacancy } }],
      [{ action: 'addToVacancy', ids: [a], params: { vacancyId: vacancy }, dryRun: 'yes' }],
      [{ action: 'requestConsent', ids: [a], params: 'x' }],
    ];
    for (const [body, field] of bodies) {
      const res = await s.recruiter.client.post(BULK, body);
      expect(res.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(res.json.message).toBe('error.common.invalid_body');
      if (field) expect(Object.keys(res.json.errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    for (const bad of [`${vacancy}\u0000`, 'x'.repeat(65), 'not-a-vacancy']) {
      const res = await s.recruiter.client.post(BULK, { action: 'moveStage', ids: [a], params: { vacancyId: bad, stage: 2 } });
      expect([400, 404], bad.slice(0, 20)).toContain(res.status);
    }
    const huge = await s.recruiter.client.request('POST', BULK, { raw: JSON.stringify({ action: 'archive', ids: [a], pad: 'x'.repeat(2_000_000) }), headers: { 'content-type': 'application/json' } });
    expect(huge.status).toBe(413);
    // odd ids are not anyone's candidates
    const odd = await s.recruiter.client.post(BULK, { action: 'moveStage', ids: ['1e20', 'x'], params: { vacancyId: vacancy, stage: 2 } });
    expect(odd.status).toBe(422);
    expect(await stageOf(vacancy, a)).toBe(1);
    expect(await events(a, 'stage')).toEqual([]);
    // a vacancy not published takes nobody
    const draft = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id], { status: 2 }))).json.id as string;
    const refused = await s.recruiter.client.post(BULK, { action: 'addToVacancy', ids: [a], params: { vacancyId: draft } });
    expect(refused.status).toBe(409);
    expect(refused.json.message).toBe('error.vacancy.not_published');
  });
});
