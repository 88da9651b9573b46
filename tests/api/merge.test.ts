import { describe, expect, it } from 'vitest';
import { Client, db, waitFor } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { candidateBody, catalogue, vacancyBody } from '../support/fixtures.ts';

/**
 * Issue 15 item 4 (docs/decisions/0029): likely duplicates with their reasons, merging two
 * candidates (every funnel, rating and history row kept) and undoing it within 30 days.
 */

const form = (client: Client, path: string, fields: Record<string, string> = {}) =>
  client.request('POST', path, { raw: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });

let serial = 0;
/** A phone nobody else in the test database has: 11 digits starting with 8. */
const uniquePhone = () => `8 (9${String(Date.now() % 100).padStart(2, '0')}) ${String(++serial).padStart(3, '0')}-${String(Math.floor(Math.random() * 10000)).padStart(4, '0')}`;
const uniqueName = () => `Zed${Date.now().toString(36)}${++serial}`;

type Space = Awaited<ReturnType<typeof space>>;

async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = async () => {
    const created = await s.recruiter.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]));
    expect(created.status, created.text).toBe(201);
    return created.json.id as string;
  };
  const candidate = async (patch: Record<string, unknown> = {}) => {
    const created = await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { email: `${uniqueName()}@example.com`, phone: uniquePhone(), ...patch }));
    expect(created.status, created.text).toBe(201);
    return created.json.id as string;
  };
  return { c, s, vacancy, candidate };
}

const duplicates = (client: Client, query: Record<string, string>) => client.get(`/api/v1/candidates/duplicates?${new URLSearchParams(query)}`);

/** Every row of a candidate in the tables a merge moves, in a stable order. */
async function rowsOf(id: string) {
  const q = async (sql: string) => (await db().query(sql, [id])).rows;
  return {
    links: await q('select vacancy_id, stage, priority, stage_changed_at from vacancy_candidates where candidate_id = $1 order by vacancy_id'),
    ratings: await q('select vacancy_id, user_id, score, comment, created_at from ratings where candidate_id = $1 order by vacancy_id, user_id'),
    events: await q('select id, kind, vacancy_id, from_value, to_value from funnel_events where candidate_id = $1 order by id'),
    interviews: await q('select id from interviews where candidate_id = $1 order by id'),
    requests: await q('select id from pd_requests where candidate_id = $1 order by id'),
    notifications: await q('select id from notifications where candidate_id = $1 order by id'),
    fields: await q('select name, surname, email, phone, dob::text, position_name, salary, merged_into, pd_status from candidates where id = $1'),
  };
}

const stage = async (s: Space, vacancyId: string, candidateId: string, to: number) => {
  const current = (await s.company.client.get(`/api/v1/candidates/${candidateId}?vacancyId=${vacancyId}`)).json.funnel.stage;
  const moved = await s.recruiter.client.put(`/api/v1/candidates/vacancy/${vacancyId}/${candidateId}/stage`, { stage: to, from: current });
  expect(moved.status, moved.text).toBe(200);
};
const rate = async (client: Client, vacancyId: string, candidateId: string, score: number) => {
  const rated = await client.post(`/api/v1/candidates/vacancy/${vacancyId}/${candidateId}/rating`, { score, comment: `score ${score}` });
  expect(rated.status, rated.text).toBe(201);
};

describe('likely duplicates', () => {
  it('match by the normalised address, the phone (8 as 7, digits only) and the name with the birth date, each with its reason', async () => {
    const w = await world();
    const surname = uniqueName();
    const phone = uniquePhone();
    const email = `${uniqueName()}@Example.com`;
    const id = await w.candidate({ name: 'Алёна', surname, email: ` ${email} `.trim(), phone, dob: '1991-03-04' });
    const client = w.s.recruiter.client;
    const digits = phone.replace(/\D/g, '').slice(1);

    const byEmail = await duplicates(client, { email: `  ${email.toUpperCase()} ` });
    expect(byEmail.status, byEmail.text).toBe(200);
    expect(byEmail.json.data).toEqual([expect.objectContaining({ id, name: 'Алёна', surname, reasons: ['email'] })]);
    expect((await duplicates(client, { phone: `+7 ${digits}` })).json.data).toEqual([expect.objectContaining({ id, reasons: ['phone'] })]);
    expect((await duplicates(client, { name: 'алена', surname: surname.toUpperCase(), dob: '1991-03-04' })).json.data).toEqual([expect.objectContaining({ id, reasons: ['name_birth'] })]);
    expect((await duplicates(client, { email, phone: `7${digits}`, name: 'Алёна', surname, dob: '1991-03-04' })).json.data).toEqual([
      expect.objectContaining({ id, reasons: ['email', 'phone', 'name_birth'] }),
    ]);
    // the same name born another day, a short phone, the candidate itself: no duplicate
    expect((await duplicates(client, { name: 'Алёна', surname, dob: '1991-03-05' })).json.data).toEqual([]);
    expect((await duplicates(client, { phone: '12-3' })).json.data).toEqual([]);
    expect((await duplicates(client, { email, excludeId: id })).json.data).toEqual([]);
    expect((await duplicates(client, {})).json.data).toEqual([]);

    // the company sees its space's; another space, a customer, no session do not
    expect((await duplicates(w.s.company.client, { email })).json.data).toHaveLength(1);
    const other = await space();
    expect((await duplicates(other.recruiter.client, { email })).json.data).toEqual([]);
    expect((await duplicates(w.s.customer.client, { email })).status).toBe(403);
    expect((await duplicates(new Client(), { email })).status).toBe(401);
  });

  it('odd queries are translated 400s, never 500s', async () => {
    const w = await world();
    const client = w.s.recruiter.client;
    for (const query of [{ dob: '2020-02-31' }, { dob: 'x' }, { email: 'a\u0000b' }, { name: 'x'.repeat(5000) }, { excludeId: 'nope' }, { phone: '\u0000' }] as Record<string, string>[]) {
      const answer = await duplicates(client, query);
      expect(answer.status, JSON.stringify(query)).toBe(400);
      expect(answer.json.message).toBe('error.common.invalid_body');
    }
  });

  it('the profile lists the possible duplicates with a link to merge them; a merged candidate is not one', async () => {
    const w = await world();
    const email = `${uniqueName()}@example.com`;
    const a = await w.candidate({ email });
    const b = await w.candidate({ email: email.toUpperCase() });
    const page = await w.s.recruiter.client.get(`/candidates/${a}/-`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('data-testid="duplicates-section"');
    expect(page.text).toContain(`/candidates/${a}/merge/${b}`);
    expect(page.text).toContain('same e-mail');
    const ru = await w.s.recruiter.client.get(`/ru/candidates/${a}/-`);
    expect(ru.text).toContain('тот же e-mail');
    expect((await form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`)).status).toBe(303);
    expect((await w.s.recruiter.client.get(`/candidates/${a}/-`)).text).not.toContain('data-testid="duplicates-section"');
  });
});

describe('merging', () => {
  it('moves every funnel, rating and history row; the further stage stays; undo puts back exactly what moved', async () => {
    const w = await world();
    const { s } = w;
    const [v1, v2, v3] = [await w.vacancy(), await w.vacancy(), await w.vacancy()];
    const a = await w.candidate({ vacancyId: v1, name: 'Anna', positionName: 'Analyst' });
    const b = await w.candidate({ vacancyId: v2, name: 'Anya', positionName: 'Data analyst', salary: 200000, salaryTo: null });
    expect((await s.recruiter.client.post('/api/v1/candidates/vacancy', { vacancyId: v2, candidatesIds: [a] })).status).toBeLessThan(300);
    expect((await s.recruiter.client.post('/api/v1/candidates/vacancy', { vacancyId: v3, candidatesIds: [b] })).status).toBeLessThan(300);
    await stage(s, v2, b, 3);
    await stage(s, v1, a, 2);
    await rate(s.recruiter.client, v1, a, 4);
    await rate(s.customer.client, v2, a, 3);
    await rate(s.company.client, v2, b, 5);
    await rate(s.customer.client, v3, b, 2);
    // the same person rated both on v2: the newer of the two stays on the survivor
    await rate(s.customer.client, v2, b, 1);
    const before = { a: await rowsOf(a), b: await rowsOf(b) };
    expect(before.b.links).toHaveLength(2);

    const page = await s.recruiter.client.get(`/candidates/${a}/merge/${b}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain('name="field.name"');
    expect(page.text).toContain('name="field.salary"');
    expect(page.text).not.toContain('name="field.dob"');
    const merged = await form(s.recruiter.client, `/candidates/${a}/merge/${b}`, { 'field.name': 'other', 'field.salary': 'other', 'field.positionName': 'survivor' });
    expect(merged.status, merged.text).toBe(303);
    expect(merged.headers.get('location')).toBe(`/candidates/${a}/-?merge=done`);

    const after = { a: await rowsOf(a), b: await rowsOf(b) };
    // the survivor's fields as chosen; the other hidden and pointing at it
    expect(after.a.fields[0]).toMatchObject({ name: 'Anya', position_name: 'Analyst', salary: 200000, merged_into: null });
    expect(after.b.fields[0]).toMatchObject({ merged_into: a });
    // nothing is left on the other candidate
    for (const table of ['links', 'ratings', 'events', 'interviews', 'requests', 'notifications'] as const) expect(after.b[table], table).toEqual([]);
    // every history row of both is the survivor's now
    expect(after.a.events.map((e) => e.id).sort()).toEqual([...before.a.events, ...before.b.events].map((e) => e.id).sort());
    // every rating but the older of the one person's two on v2
    const key = (r: Record<string, unknown>) => `${r.vacancy_id}/${r.user_id}`;
    const expected = new Map([...before.a.ratings, ...before.b.ratings].sort((x, y) => +new Date(x.created_at) - +new Date(y.created_at)).map((r) => [key(r), r.score]));
    expect(new Map(after.a.ratings.map((r) => [key(r), r.score]))).toEqual(expected);
    expect(after.a.ratings).toHaveLength(before.a.ratings.length + before.b.ratings.length - 1);
    expect(after.a.ratings.find((r) => r.vacancy_id === v2 && r.user_id === s.customer.id)?.score).toBe(1);
    // v2 held both: the further stage (3) stays; v3 came over whole
    expect(after.a.links.map((l) => [l.vacancy_id, l.stage]).sort()).toEqual([[v1, 2], [v2, 3], [v3, 1]].sort());

    // hidden from the database list, its profile and the duplicate search; the audit log has both
    const list = await s.recruiter.client.get('/api/v1/candidates?limit=100');
    expect(list.json.data.map((c: { id: string }) => c.id)).toContain(a);
    expect(list.json.data.map((c: { id: string }) => c.id)).not.toContain(b);
    expect((await s.recruiter.client.get(`/api/v1/candidates/${b}`)).status).toBe(404);
    // its old links lead to the survivor
    const old = await s.recruiter.client.get(`/candidates/${b}/${v3}`);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/candidates/${a}/${v3}`);
    expect((await s.customer.client.get(`/candidates/${b}/${v3}`)).status).toBe(404);
    expect((await db().query(`select candidate_id from audit_events where action = 'merge' and candidate_id = any($1)`, [[a, b]])).rows).toHaveLength(2);
    const numbers = (await db().query('select id, number from candidates where id = any($1)', [[a, b]])).rows as { id: string; number: number }[];
    const number = (id: string) => numbers.find((n) => n.id === id)!.number;
    const log = await s.company.client.get('/audit');
    expect(log.text).toContain('Merged candidates');
    expect(log.text).toContain(`Candidate ${number(b)} into Candidate ${number(a)}`);

    // the survivor's profile offers the undo
    const profile = await s.recruiter.client.get(`/candidates/${a}/-?merge=done`);
    expect(profile.text).toContain('The candidates are merged.');
    const mergeId = (await db().query('select id from candidate_merges where survivor_id = $1', [a])).rows[0].id as string;
    expect(profile.text).toContain(`value="${mergeId}"`);

    const undone = await form(s.recruiter.client, `/candidates/${a}/-`, { merge_undo: mergeId });
    expect(undone.status, undone.text).toBe(303);
    expect(undone.headers.get('location')).toBe(`/candidates/${a}/-?merge=undone`);
    expect(await rowsOf(a)).toEqual(before.a);
    expect(await rowsOf(b)).toEqual(before.b);
    expect((await s.recruiter.client.get(`/api/v1/candidates/${b}`)).status).toBe(200);
    expect((await db().query(`select 1 from audit_events where action = 'merge_undo' and candidate_id = any($1)`, [[a, b]])).rows).toHaveLength(2);

    // undone once is undone: a second undo is refused, translated
    const again = await form(s.recruiter.client, `/ru/candidates/${a}/-`, { merge_undo: mergeId });
    expect(again.status).toBe(409);
    expect(again.text).toContain('Это объединение уже отменено');
  });

  it('interviews, consent answers, files and shortlists come along and go back', async () => {
    const w = await world();
    const { s } = w;
    const v = await w.vacancy();
    const a = await w.candidate({ vacancyId: v });
    const b = await w.candidate({ vacancyId: v });
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const interview = await s.company.client.post('/api/v1/interviews', { candidateId: b, vacancyId: v, startsAt, durationMinutes: 30, kind: 'video', location: 'Zoom', participants: [s.customer.id] });
    expect(interview.status, interview.text).toBe(201);
    await db().query(`update candidates set image = 'b-photo.jpg', resume = 'b-cv.pdf', resume_name = 'cv.pdf' where id = $1`, [b]);
    await db().query(`insert into consent_grants (candidate_id, recipient, granted, answered_at) values ($1, 'company', true, now())`, [b]);
    const spaceId = (await db().query('select space_id from candidates where id = $1', [a])).rows[0].space_id as string;
    const shortlist = async () =>
      (await db().query(`insert into shortlists (space_id, vacancy_id, customer_id, token_hash, expires_at) values ($1, $2, $3, gen_random_uuid()::text, now() + interval '7 days') returning id`, [spaceId, v, s.customer.id])).rows[0].id as string;
    const [both, onlyB] = [await shortlist(), await shortlist()];
    await db().query('insert into shortlist_candidates (shortlist_id, candidate_id, position) values ($1, $2, 1), ($1, $3, 2), ($4, $3, 1)', [both, a, b, onlyB]);
    const entries = async () => (await db().query('select shortlist_id, candidate_id, position from shortlist_candidates where shortlist_id = any($1) order by shortlist_id, candidate_id', [[both, onlyB]])).rows;
    const entriesBefore = await entries();
    const before = { a: await rowsOf(a), b: await rowsOf(b) };

    expect((await form(s.company.client, `/candidates/${a}/merge/${b}`, { 'field.image': 'other', 'field.resume': 'other', 'field.email': 'other' })).status).toBe(303);
    const files = async (id: string) => (await db().query('select image, resume, resume_name, email from candidates where id = $1', [id])).rows[0];
    expect(await files(a)).toMatchObject({ image: 'b-photo.jpg', resume: 'b-cv.pdf', resume_name: 'cv.pdf', email: before.b.fields[0].email });
    // each file stays referenced by exactly one row
    expect(await files(b)).toMatchObject({ image: null, resume: null });
    expect((await db().query('select candidate_id from interviews where id = $1', [interview.json.id])).rows[0].candidate_id).toBe(a);
    expect((await db().query('select candidate_id from consent_grants where candidate_id = any($1)', [[a, b]])).rows).toEqual([{ candidate_id: a }]);
    // a shortlist that held both keeps the survivor once; the other's own shortlist names the survivor
    expect((await entries()).map((e) => [e.shortlist_id, e.candidate_id])).toEqual([[both, a], [onlyB, a]].sort((x, y) => x[0]!.localeCompare(y[0]!)));

    const mergeId = (await db().query('select id from candidate_merges where survivor_id = $1', [a])).rows[0].id as string;
    expect((await form(s.company.client, `/candidates/${a}/-`, { merge_undo: mergeId })).status).toBe(303);
    expect(await rowsOf(a)).toEqual(before.a);
    expect(await rowsOf(b)).toEqual(before.b);
    expect(await files(b)).toMatchObject({ image: 'b-photo.jpg', resume: 'b-cv.pdf' });
    expect(await files(a)).toMatchObject({ image: null, resume: null });
    expect((await db().query('select candidate_id from consent_grants where candidate_id = any($1)', [[a, b]])).rows).toEqual([{ candidate_id: b }]);
    expect(await entries()).toEqual(entriesBefore);
  });

  it("keeps a consent given at the same address when merged into a card never asked, and undo gives it back", async () => {
    const w = await world();
    const email = `${uniqueName()}@example.com`;
    const asked = await w.candidate({ email });
    await db().query(`update candidates set pd_status = 4, unconsented_since = null where id = $1`, [asked]);
    const typedAgain = await w.candidate({ email: email.toUpperCase() });
    const status = async (id: string) => (await db().query('select pd_status from candidates where id = $1', [id])).rows[0].pd_status as number;
    expect(await status(typedAgain)).toBe(1);
    expect((await form(w.s.company.client, `/candidates/${typedAgain}/merge/${asked}`, {})).status).toBe(303);
    expect(await status(typedAgain)).toBe(4);
    const mergeId = (await db().query('select id from candidate_merges where survivor_id = $1', [typedAgain])).rows[0].id as string;
    expect((await form(w.s.company.client, `/candidates/${typedAgain}/-`, { merge_undo: mergeId })).status).toBe(303);
    expect(await status(typedAgain)).toBe(1);
    expect(await status(asked)).toBe(4);
    // asked and not answered (the link expired): the other's approval at the address stands
    const expired = await w.candidate({ email });
    await db().query(`update candidates set pd_status = 6 where id = $1`, [expired]);
    expect((await form(w.s.company.client, `/candidates/${expired}/merge/${asked}`, {})).status).toBe(303);
    expect(await status(expired)).toBe(4);
    const undoExpired = (await db().query('select id from candidate_merges where survivor_id = $1', [expired])).rows[0].id as string;
    expect((await form(w.s.company.client, `/candidates/${expired}/-`, { merge_undo: undoExpired })).status).toBe(303);
    // a survivor that was asked keeps its own answer: a decline is not overturned by the other's approval
    const declined = await w.candidate({ email });
    await db().query(`update candidates set pd_status = 3 where id = $1`, [declined]);
    expect((await form(w.s.company.client, `/candidates/${declined}/merge/${asked}`, {})).status).toBe(303);
    expect(await status(declined)).toBe(3);
  });

  it('refuses, translated, a merge that would lose an open data request, and an undo under a later merge', async () => {
    const w = await world();
    const [a, b, c] = [await w.candidate(), await w.candidate(), await w.candidate()];
    const spaceId = (await db().query('select space_id from candidates where id = $1', [a])).rows[0].space_id as string;
    await db().query(`insert into rights_requests (space_id, candidate_id, kind) values ($1, $2, 'copy'), ($1, $3, 'copy')`, [spaceId, a, b]);
    const refused = await form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`);
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('Both candidates have an open data request of the same kind');
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [[a, b]])).rows[0].n).toBe(0);

    // once one of them is settled the merges go ahead: b into c, then c into a; the first undo waits for the second
    await db().query('update rights_requests set done_at = now() where candidate_id = $1', [a]);
    expect((await form(w.s.recruiter.client, `/candidates/${c}/merge/${b}`)).status).toBe(303);
    expect((await form(w.s.recruiter.client, `/candidates/${a}/merge/${c}`)).status).toBe(303);
    const first = (await db().query('select id from candidate_merges where survivor_id = $1', [c])).rows[0].id as string;
    const second = (await db().query('select id from candidate_merges where survivor_id = $1', [a])).rows[0].id as string;
    const early = await form(w.s.recruiter.client, `/ru/candidates/${c}/-`, { merge_undo: first });
    // c is merged: its page leads to a, and its undo is refused
    expect(early.status).toBe(409);
    expect(early.text).toContain('сначала отмените то объединение');
    expect((await form(w.s.recruiter.client, `/candidates/${a}/-`, { merge_undo: second })).status).toBe(303);
    expect((await form(w.s.recruiter.client, `/candidates/${c}/-`, { merge_undo: first })).status).toBe(303);
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [[a, b, c]])).rows[0].n).toBe(0);
  });

  it('erasing the survivor erases the candidate merged into it, and is final: no undo; a merge posted from another site is refused', async () => {
    const w = await world();
    const [a, b] = [await w.candidate(), await w.candidate()];
    const crossSite = await w.s.recruiter.client.request('POST', `/candidates/${a}/merge/${b}`, { raw: '', headers: { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' } });
    expect(crossSite.status).toBe(403);
    expect((await form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`)).status).toBe(303);
    const mergeId = (await db().query('select id from candidate_merges where survivor_id = $1', [a])).rows[0].id as string;
    expect((await form(w.s.company.client, `/candidates/${a}/-`, { rights: 'erase', confirm: 'yes' })).status).toBe(303);
    expect((await w.s.company.client.get(`/candidates/${a}/-`)).text).not.toContain(`value="${mergeId}"`);
    const refused = await form(w.s.company.client, `/candidates/${a}/-`, { merge_undo: mergeId });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('The candidate has been erased');
    // the candidate merged into the erased one is the same person: erased with it
    expect((await db().query('select merged_into, erased_at is not null as erased, email, name from candidates where id = $1', [b])).rows[0]).toEqual({ merged_into: a, erased: true, email: null, name: '' });
    // the record keeps who merged what and when, not the personal data of the snapshot
    expect((await db().query('select snapshot from candidate_merges where id = $1', [mergeId])).rows[0].snapshot).toEqual({});
  });

  it('the hourly clean-up empties the snapshots of merges past their 30 days, and only those', async () => {
    const w = await world();
    const [a, b, c, d] = [await w.candidate(), await w.candidate(), await w.candidate(), await w.candidate()];
    expect((await form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`)).status).toBe(303);
    expect((await form(w.s.recruiter.client, `/candidates/${c}/merge/${d}`)).status).toBe(303);
    await db().query(`update candidate_merges set created_at = now() - interval '31 days' where survivor_id = $1`, [a]);
    await db().query(`select graphile_worker.add_job('cleanup', '{}'::json)`);
    await waitFor(async () => (await db().query(`select count(*)::int as n from graphile_worker.jobs where task_identifier = 'cleanup'`)).rows[0].n === 0, 'the clean-up ran');
    const snapshot = async (survivor: string) => (await db().query('select snapshot from candidate_merges where survivor_id = $1', [survivor])).rows[0].snapshot;
    expect(await snapshot(a)).toEqual({});
    expect((await snapshot(c)).fields).toMatchObject({ name: 'Anna' });
  });

  it('an undo after 30 days is refused, translated, and changes nothing', async () => {
    const w = await world();
    const a = await w.candidate();
    const b = await w.candidate();
    expect((await form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`)).status).toBe(303);
    const mergeId = (await db().query('select id from candidate_merges where survivor_id = $1', [a])).rows[0].id as string;
    await db().query(`update candidate_merges set created_at = now() - interval '30 days 1 minute' where id = $1`, [mergeId]);
    const profile = await w.s.recruiter.client.get(`/candidates/${a}/-`);
    expect(profile.text).not.toContain(`value="${mergeId}"`);
    const late = await form(w.s.recruiter.client, `/candidates/${a}/-`, { merge_undo: mergeId });
    expect(late.status).toBe(409);
    expect(late.text).toContain('A merge can be undone only within 30 days');
    expect((await db().query('select merged_into from candidates where id = $1', [b])).rows[0].merged_into).toBe(a);
    expect((await db().query('select undone_at from candidate_merges where id = $1', [mergeId])).rows[0].undone_at).toBeNull();
    // a day short of the limit it still works
    await db().query(`update candidate_merges set created_at = now() - interval '29 days' where id = $1`, [mergeId]);
    expect((await form(w.s.recruiter.client, `/candidates/${a}/-`, { merge_undo: mergeId })).status).toBe(303);
  });

  it('interviews scheduled on a vacancy while the candidate is merged away: none waits on the merge in a circle, each ends on the survivor or is refused', async () => {
    const w = await world();
    const v = await w.vacancy();
    const a = await w.candidate({ vacancyId: v });
    const b = await w.candidate({ vacancyId: v });
    const startsAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const schedule = () => w.s.company.client.post('/api/v1/interviews', { candidateId: b, vacancyId: v, startsAt, durationMinutes: 30, kind: 'phone', location: '', participants: [w.s.customer.id] });
    // 45: under the 50 interview mails a day one participant may get from a space
    const [merged, ...scheduled] = await Promise.all([form(w.s.company.client, `/candidates/${a}/merge/${b}`, {}), ...Array.from({ length: 45 }, schedule)]);
    expect(merged.status).toBe(303);
    // made before the merge (and moved to the survivor with it), or refused after: never a 500
    expect(scheduled.map((res) => res.status).filter((status) => ![201, 400, 404].includes(status))).toEqual([]);
    const made = scheduled.filter((res) => res.status === 201).length;
    expect((await db().query('select count(*)::int as n from interviews where candidate_id = $1', [a])).rows[0].n).toBe(made);
    expect((await db().query('select count(*)::int as n from interviews where candidate_id = $1', [b])).rows[0].n).toBe(0);
  });

  it('only the space\'s company and recruiters merge; another space, odd ids and the same candidate twice are 404s that change nothing', async () => {
    const w = await world();
    const a = await w.candidate();
    const b = await w.candidate();
    const other = await world();
    const foreign = await other.candidate();
    const path = `/candidates/${a}/merge/${b}`;
    expect((await new Client().get(path)).status).toBe(302);
    expect((await form(new Client(), path)).status).toBe(302);
    expect((await form(w.s.customer.client, path)).status).toBe(302);
    expect((await form(other.s.recruiter.client, path)).status).toBe(404);
    for (const bad of [`/candidates/${a}/merge/${foreign}`, `/candidates/${foreign}/merge/${a}`, `/candidates/${a}/merge/${a}`, `/candidates/${a}/merge/nope`, `/candidates/${a}/merge/%00`]) {
      expect((await form(w.s.recruiter.client, bad)).status, bad).toBe(404);
    }
    // odd field values keep the survivor's; a huge or broken body is not a 500
    expect((await form(w.s.recruiter.client, `/candidates/${a}/-`, { merge_undo: 'nope' })).status).toBe(404);
    expect((await form(w.s.recruiter.client, `/candidates/${a}/-`, { merge_undo: '\u0000' })).status).toBe(404);
    const huge = await w.s.recruiter.client.request('POST', path, { raw: `field.name=${'x'.repeat(2_000_000)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(huge.status).toBeGreaterThanOrEqual(400);
    expect(huge.status).toBeLessThan(500);
    expect((await db().query('select count(*)::int as n from candidate_merges where survivor_id = any($1) or loser_id = any($1)', [[a, b, foreign]])).rows[0].n).toBe(0);
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [[a, b, foreign]])).rows[0].n).toBe(0);
  });

  it('many concurrent merges of one pair, either way round: exactly one succeeds; concurrent undos: exactly one', async () => {
    const w = await world();
    const a = await w.candidate();
    const b = await w.candidate();
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? form(w.s.recruiter.client, `/candidates/${a}/merge/${b}`) : form(w.s.company.client, `/candidates/${b}/merge/${a}`))),
    );
    expect(attempts.filter((r) => r.status === 303)).toHaveLength(1);
    for (const r of attempts.filter((x) => x.status !== 303)) expect([404, 409]).toContain(r.status);
    const merges = (await db().query('select id, survivor_id from candidate_merges where survivor_id = any($1)', [[a, b]])).rows;
    expect(merges).toHaveLength(1);
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [[a, b]])).rows[0].n).toBe(1);

    const survivor = merges[0].survivor_id as string;
    const undos = await Promise.all(Array.from({ length: 10 }, () => form(w.s.recruiter.client, `/candidates/${survivor}/-`, { merge_undo: merges[0].id })));
    expect(undos.filter((r) => r.status === 303)).toHaveLength(1);
    for (const r of undos.filter((x) => x.status !== 303)) expect(r.status).toBe(409);
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [[a, b]])).rows[0].n).toBe(0);
  });
});

describe('merging beside an add to a vacancy', () => {
  it('an add sent at the same moment as a merge ends on the survivor or not at all, never on the merged-away candidate (page form, API and bulk)', async () => {
    const w = await world();
    const vacancy = await w.vacancy();
    const adds = [
      (id: string) => form(w.s.recruiter.client, `/candidates/${id}/-`, { add_to_vacancy: vacancy }),
      (id: string) => w.s.recruiter.client.post('/api/v1/candidates/vacancy', { vacancyId: vacancy, candidatesIds: [id] }),
      (id: string) => w.s.recruiter.client.post('/api/v1/candidates/bulk', { action: 'addToVacancy', ids: [id], params: { vacancyId: vacancy } }),
    ];
    const pairs = await Promise.all(Array.from({ length: 24 }, async () => [await w.candidate(), await w.candidate()] as const));
    await Promise.all(pairs.map(([survivor, loser], i) => Promise.all([form(w.s.company.client, `/candidates/${survivor}/merge/${loser}`), adds[i % adds.length]!(loser)])));
    const losers = pairs.map(([, loser]) => loser);
    expect((await db().query('select count(*)::int as n from candidates where id = any($1) and merged_into is not null', [losers])).rows[0].n).toBe(pairs.length);
    // no link is left on a candidate nobody can open
    expect((await db().query('select candidate_id from vacancy_candidates where candidate_id = any($1)', [losers])).rows).toEqual([]);
  });

  it('an erased candidate is put on no vacancy: the profile form, the API and the bulk action refuse it, writing nothing', async () => {
    const w = await world();
    const vacancy = await w.vacancy();
    const erased = await w.candidate();
    expect((await form(w.s.company.client, `/candidates/${erased}/-`, { rights: 'erase', confirm: 'yes' })).status).toBe(303);
    await waitFor(async () => (await db().query('select erased_at from candidates where id = $1', [erased])).rows[0].erased_at !== null, 'erased');
    const page = await form(w.s.recruiter.client, `/candidates/${erased}/-`, { add_to_vacancy: vacancy });
    expect(page.status).toBe(409);
    expect(page.text).toContain('data-testid="add-error"');
    const api = await w.s.recruiter.client.post('/api/v1/candidates/vacancy', { vacancyId: vacancy, candidatesIds: [erased] });
    expect(api.status).toBe(409);
    expect(api.json.message).toBe('error.rights.erased');
    const bulk = await w.s.recruiter.client.post('/api/v1/candidates/bulk', { action: 'addToVacancy', ids: [erased], params: { vacancyId: vacancy } });
    expect(bulk.json).toMatchObject({ applied: 0, skipped: 1, reasons: { 'error.rights.erased': 1 } });
    expect((await db().query('select count(*)::int as n from vacancy_candidates where candidate_id = $1', [erased])).rows[0].n).toBe(0);
  });
});
