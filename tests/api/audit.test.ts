import { describe, expect, it } from 'vitest';
import { Client, db } from '../support/client.ts';
import { consentGiven } from '../support/consent.ts';
import { space } from '../support/spaces.ts';
import { catalogue, candidateBody, vacancyBody } from '../support/fixtures.ts';

/** Issue 13 item 5 (docs/decisions/0025): the space's personal-data log. */

const PDF = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';

async function world() {
  const c = await catalogue();
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', vacancyBody(c, [s.customer.id]))).json.id as string;
  const email = `anna-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const id = (await s.recruiter.client.post('/api/v1/candidates', candidateBody(c, { email, vacancyId: vacancy }))).json.id as string;
  const form = new FormData();
  form.append('candidateId', id);
  form.append('file', new Blob([Buffer.from(PDF)], { type: 'application/pdf' }), 'Anna CV.pdf');
  expect((await s.recruiter.client.request('POST', '/api/v1/candidates/resume', { raw: form })).status).toBe(200);
  const number = (await db().query('select number from candidates where id = $1', [id])).rows[0].number as number;
  return { s, vacancy, id, number, email };
}

describe('the log', () => {
  it('every résumé read is in it with who, when and which candidate; a refused read is not', async () => {
    const w = await world();
    expect((await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}/resume`)).status).toBe(200);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}/resume`)).status).toBe(404);
    await consentGiven(w.id, [w.s.customer.id]);
    expect((await w.s.customer.client.get(`/api/v1/candidates/${w.id}/resume`)).status).toBe(200);
    const rows = (await db().query(`select actor_kind, actor_id, space_id is not null as spaced, at from audit_events where candidate_id = $1 and action = 'resume_read' order by at`, [w.id])).rows;
    expect(rows.map((r) => [r.actor_kind, r.actor_id])).toEqual([['user', w.s.recruiter.id], ['user', w.s.customer.id]]);
    expect(rows.every((r) => r.spaced && r.at instanceof Date)).toBe(true);

    const log = await w.s.company.client.get('/api/v1/space/audit');
    expect(log.status).toBe(200);
    expect(log.json.events.filter((e: { action: string }) => e.action === 'resume_read')).toEqual([
      expect.objectContaining({ actorKind: 'user', actorName: 'Kate First', candidateNumber: w.number }),
      expect.objectContaining({ actorKind: 'user', actorName: 'Ivan Petrov', candidateNumber: w.number }),
    ]);
  });

  it('the company only, its own space only', async () => {
    const w = await world();
    await w.s.recruiter.client.get(`/api/v1/candidates/${w.id}/resume`);
    const other = await space();
    expect((await new Client().get('/api/v1/space/audit')).status).toBe(401);
    expect((await w.s.recruiter.client.get('/api/v1/space/audit')).status).toBe(403);
    expect((await w.s.customer.client.get('/api/v1/space/audit')).status).toBe(403);
    expect((await other.company.client.get('/api/v1/space/audit')).json.events).toEqual([]);
    expect((await other.company.client.get(`/api/v1/space/audit?candidate=${w.number}`)).json.events).toEqual([]);
    // the page: the company sees it, the others are sent home
    expect((await w.s.recruiter.client.get('/audit')).status).toBe(302);
    expect((await w.s.customer.client.get('/audit')).status).toBe(302);
    expect((await new Client().get('/audit')).status).toBe(302);
    const page = await w.s.company.client.get('/audit');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Personal data log');
    expect(page.text).toContain('Read the résumé');
    expect(page.text).toContain(`Candidate ${w.number}`);
    expect(page.text).not.toContain('Smirnova');
    const ru = await w.s.company.client.get('/ru/audit');
    expect(ru.text).toContain('Журнал персональных данных');
    expect(ru.text).toContain('Прочитал резюме');
    expect(ru.text).toContain(`Кандидат ${w.number}`);
    // the company finds it from its profile and from the candidate's
    expect((await w.s.company.client.get('/profile')).text).toContain('href="/audit"');
    expect((await w.s.company.client.get(`/candidates/${w.id}/-`)).text).toContain(`href="/audit?candidate=${w.number}"`);
  });

  it('filters by action, candidate and days in the reader\'s time zone', async () => {
    const w = await world();
    const second = (await w.s.recruiter.client.post('/api/v1/candidates', { name: 'Boris', surname: 'Two', positionName: 'QA' })).json.id as string;
    const secondNumber = (await db().query('select number from candidates where id = $1', [second])).rows[0].number as number;
    const spaceId = (await db().query('select space_id from candidates where id = $1', [w.id])).rows[0].space_id;
    // 22:30 UTC on 10 March is 01:30 on 11 March in Moscow, the company's zone
    await db().query(
      `insert into audit_events (space_id, actor_kind, action, candidate_id, details, at) values
        ($1, 'candidate', 'consent_answer', $2, '{"answer":"approved"}', '2026-03-10T22:30:00Z'),
        ($1, 'system', 'erasure', $3, '{"reason":"retention"}', '2026-03-12T10:00:00Z'),
        ($1, 'candidate', 'consent_withdrawal', $2, '{"scope":"all"}', '2026-03-14T10:00:00Z')`,
      [spaceId, w.id, second],
    );
    const get = async (query: string) => {
      const res = await w.s.company.client.get(`/api/v1/space/audit?${query}`);
      expect(res.status, `${query}: ${res.text}`).toBe(200);
      return res.json.events.map((e: { action: string }) => e.action);
    };
    expect(await get('action=erasure')).toEqual(['erasure']);
    expect(await get(`candidate=${secondNumber}`)).toEqual(['erasure']);
    expect(await get('from=2026-03-11&to=2026-03-11')).toEqual(['consent_answer']);
    expect(await get('from=2026-03-10&to=2026-03-10')).toEqual([]);
    expect(await get('from=2026-03-11&to=2026-03-14')).toEqual(['consent_withdrawal', 'erasure', 'consent_answer']);
    expect(await get(`from=2026-03-11&to=2026-03-14&candidate=${w.number}&action=consent_withdrawal`)).toEqual(['consent_withdrawal']);
    // in UTC the answer is on the 10th
    expect((await w.s.company.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', companyName: 'Acme', settings: { timeZone: 'UTC' } })).status).toBe(200);
    expect(await get('from=2026-03-10&to=2026-03-10')).toEqual(['consent_answer']);

    const page = await w.s.company.client.get('/audit?action=erasure&from=2026-03-01&to=2026-03-31');
    expect(page.text).toContain('The system');
    expect(page.text).toContain('retention ran out');
    expect(page.text).not.toContain('Withdrew consent</td>');

    for (const query of ['action=bogus', 'from=2026-02-30', 'to=2026-13-01', 'candidate=-1', 'candidate=99999999999999999', 'candidate=1.5', 'from=a%00b', `from=${'9'.repeat(400)}`, 'before=yesterday', 'from=2026-12-31&to=2026-01-01']) {
      expect((await w.s.company.client.get(`/api/v1/space/audit?${query}`)).status, query).toBe(400);
    }
    const odd = await w.s.company.client.get('/audit?from=2026-02-30');
    expect(odd.status).toBe(400);
    expect(odd.text).toContain('Enter a date between the years 2000 and 2100');
    // what was typed stays, each field says what is wrong with it, and no rows answer a question not asked
    for (const [query, field, typed, message] of [
      ['candidate=99999999999999999999&from=2026-03-01', 'candidate', '99999999999999999999', 'Введите номер кандидата — целое число от 1'],
      ['from=2026-12-31&to=2026-01-01', 'to', '2026-01-01', 'Эта дата раньше даты начала'],
    ]) {
      const slip = await w.s.company.client.get(`/ru/audit?${query}`);
      expect(slip.status).toBe(400);
      expect(slip.text).toMatch(new RegExp(`name="${field}"[^>]*value="${typed}"[^>]*aria-invalid="true"`));
      expect(slip.text).toContain(message);
      expect(slip.text).toContain('value="2026-');
      expect(slip.text).not.toContain('data-testid="audit"');
      expect(slip.text).not.toContain('data-testid="audit-empty"');
    }
  });
});
