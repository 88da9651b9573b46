import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { Client, db, lastMail } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { consentGiven } from '../support/consent.ts';
import { wallTime } from '../../src/lib/time-zone.ts';

let moscow: number;
let skills: number[];
beforeAll(async () => {
  moscow = (await db().query(`select id from cities where name_en = 'Moscow'`)).rows[0].id;
  skills = (await db().query('select id from soft_skills order by position limit 1')).rows.map((r) => r.id);
});

async function setup() {
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', {
    positionType: 1, positionName: 'Head of sales', quantity: 1, hardSkills: ['CRM'], jobExperience: 3, softSkills: skills, country: 'ru',
    cityId: moscow, address: 'Arbat 1', salary: 200000, schedule: 1, customers: [s.customer.id], mainCustomer: s.customer.id, status: 1,
  })).json;
  const candidate = (await s.company.client.post('/api/v1/candidates', { name: 'Pavel', surname: 'Orlov', email: 'pavel@example.com', vacancyId: vacancy.id })).json;
  // the invitations name the candidate to the customer: he agreed to share with them (docs/decisions/0022)
  await consentGiven(candidate.id, [s.customer.id]);
  return { ...s, vacancy, candidate };
}

/** An interview invitation (the participants got their registration code before it). */
const invitation = (mail: ParsedMail) => /^(Interview|Собеседование)/.test(mail.subject ?? '');

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();

describe('interviews', () => {
  it('schedules an interview and mails every participant an invitation with an .ics file', async () => {
    const s = await setup();
    const startsAt = inTwoDays();
    const res = await s.recruiter.client.post('/api/v1/interviews', {
      candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt, durationMinutes: 45, kind: 'video', location: 'https://meet.example/abc', participants: [s.customer.id],
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ durationMinutes: 45, kind: 'video', candidate: { id: s.candidate.id }, vacancy: { id: s.vacancy.id, positionName: 'Head of sales' } });
    expect(res.json.participants.map((p: { id: string }) => p.id).sort()).toEqual([s.customer.id, s.recruiter.id].sort());
    const mail = await lastMail(s.customer.email, { match: invitation });
    expect(mail?.subject).toMatch(/^Interview with Pavel Orlov/);
    const ics = mail!.attachments.find((a) => a.filename === 'interview.ics')!;
    expect(ics.contentType).toBe('text/calendar');
    // RFC 5545 folds long lines; unfolded, every line is whole
    const text = ics.content.toString().replace(/\r\n /g, '');
    expect(ics.content.toString().split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(text).toContain('BEGIN:VCALENDAR');
    // in the reader's zone: an account that never chose one keeps Moscow, the zone shown before
    expect(text).toContain(`DTSTART;TZID=Europe/Moscow:${wallTime(startsAt, 'Europe/Moscow').replace(/[-:]/g, '')}00`);
    expect(text).toContain('TZID:Europe/Moscow');
    expect(text).toContain('LOCATION:https://meet.example/abc');
    expect(text).toContain(`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${s.customer.email}`);
    const upcoming = await s.customer.client.get('/api/v1/interviews');
    expect(upcoming.json.map((i: { id: string }) => i.id)).toEqual([res.json.id]);
    expect((await s.customer2.client.get('/api/v1/interviews')).json).toEqual([]);
    expect((await s.company.client.get('/api/v1/interviews')).json).toHaveLength(1);
  });

  it('mails each participant a link to the candidate and to their interviews, in their own language', async () => {
    const s = await setup();
    await s.customer.client.put('/api/v1/users/profile', { name: 'Kate', surname: 'First', settings: { lang: 'ru' } });
    const res = await s.recruiter.client.post('/api/v1/interviews', {
      candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt: inTwoDays(), durationMinutes: 30, kind: 'phone', participants: [s.customer.id],
    });
    expect(res.status).toBe(201);
    const ru = await lastMail(s.customer.email, { match: invitation });
    expect(ru?.subject).toMatch(/^Собеседование: Pavel Orlov/);
    expect(ru?.text).toContain('на вакансию «Head of sales»');
    expect(ru?.text).toMatch(new RegExp(`Кандидат: http://\\S+/ru/candidates/${s.candidate.id}/${s.vacancy.id}\\n`));
    expect(ru?.text).toMatch(/Ваши собеседования: http:\/\/\S+\/ru\/interviews\n/);
    const en = await lastMail(s.recruiter.email, { match: invitation });
    expect(en?.text).toMatch(new RegExp(`The candidate: http://\\S+/candidates/${s.candidate.id}/${s.vacancy.id}\\n`));
    expect(en?.text).not.toContain('/ru/');
  });

  it('gives each reader the time in their own zone and names it when the others keep another', async () => {
    const s = await setup();
    await s.recruiter.client.put('/api/v1/users/profile', { name: 'Rita', surname: 'Recruiter', settings: { timeZone: 'Europe/Moscow' } });
    await s.customer.client.put('/api/v1/users/profile', { name: 'Kate', surname: 'First', settings: { timeZone: 'America/New_York' } });
    // 15:00 UTC on a winter day: 18:00 in Moscow, 10:00 in New York
    const startsAt = `${new Date().getUTCFullYear() + 1}-01-15T15:00:00.000Z`;
    const res = await s.recruiter.client.post('/api/v1/interviews', {
      candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt, durationMinutes: 30, kind: 'phone', participants: [s.customer.id],
    });
    expect(res.status).toBe(201);
    const year = startsAt.slice(0, 4);
    const customer = await lastMail(s.customer.email, { match: invitation });
    expect(customer.text).toContain(`When: 15 January ${year} at 10:00 (New York (GMT-05:00)), 30 minutes`);
    expect(customer.subject).toContain('10:00 (New York (GMT-05:00))');
    const customerIcs = customer.attachments.find((a) => a.filename === 'interview.ics')!.content.toString().replace(/\r\n /g, '');
    expect(customerIcs).toContain(`DTSTART;TZID=America/New_York:${year}0115T100000`);
    expect(customerIcs).toContain('TZOFFSETTO:-0500');
    const recruiter = await lastMail(s.recruiter.email, { match: invitation });
    expect(recruiter.text).toContain(`When: 15 January ${year} at 18:00 (Moscow (GMT+03:00)), 30 minutes`);
    expect(recruiter.attachments[0]!.content.toString()).toContain(`DTSTART;TZID=Europe/Moscow:${year}0115T180000`);
    // the same zone for everyone: the time needs no name
    await s.customer.client.put('/api/v1/users/profile', { name: 'Kate', surname: 'First', settings: { timeZone: 'Europe/Moscow' } });
    await s.recruiter.client.post('/api/v1/interviews', { candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt, durationMinutes: 45, kind: 'phone', participants: [s.customer.id] });
    const same = await lastMail(s.customer.email, { match: (m) => invitation(m) && (m.text ?? '').includes('45 minutes') });
    expect(same.text).toContain(`When: 15 January ${year} at 18:00, 45 minutes`);
  });

  it('refuses the past, strangers as participants, customers as organisers and another space', async () => {
    const s = await setup();
    const body = { candidateId: s.candidate.id, startsAt: inTwoDays(), durationMinutes: 30, kind: 'phone', participants: [s.customer.id] };
    const past = await s.company.client.post('/api/v1/interviews', { ...body, startsAt: '2020-01-01T10:00:00Z' });
    expect(past.json.errors).toEqual({ startsAt: 'interview.error.past' });
    const other = await setup();
    expect((await s.company.client.post('/api/v1/interviews', { ...body, participants: [other.customer.id] })).json.errors).toEqual({ participants: 'interview.error.participants' });
    expect((await s.customer.client.post('/api/v1/interviews', body)).status).toBe(403);
    expect((await other.company.client.post('/api/v1/interviews', { ...body, participants: [other.customer.id] })).status).toBe(404);
    expect((await s.company.client.post('/api/v1/interviews', { ...body, durationMinutes: 1, kind: 'dinner' })).json.errors).toEqual({ durationMinutes: 'interview.error.duration', kind: 'interview.error.kind' });
    expect((await new Client().get('/api/v1/interviews')).status).toBe(401);
  });

  it("refuses a vacancy the candidate is not on, and tells the vacancy's customers nothing", async () => {
    const s = await setup();
    const elsewhere = (await s.company.client.post('/api/v1/candidates', { name: 'Olga', surname: 'Nowhere', email: 'olga@example.com' })).json;
    const refused = await s.recruiter.client.post('/api/v1/interviews', { candidateId: elsewhere.id, vacancyId: s.vacancy.id, startsAt: inTwoDays(), durationMinutes: 30, kind: 'phone', participants: [s.customer.id] });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({ vacancyId: 'interview.error.vacancy' });
    expect((await db().query('select count(*)::int as n from interviews where candidate_id = $1', [elsewhere.id])).rows[0].n).toBe(0);
    expect((await db().query("select count(*)::int as n from funnel_events where candidate_id = $1 and kind = 'interview'", [elsewhere.id])).rows[0].n).toBe(0);
  });
});

describe('the interaction feed', () => {
  it('lists the latest events of the space with their candidate and vacancy, newest first', async () => {
    const s = await setup();
    await s.recruiter.client.put(`/api/v1/candidates/vacancy/${s.vacancy.id}/${s.candidate.id}/stage`, { stage: 2, from: 1 });
    await s.customer.client.post(`/api/v1/candidates/vacancy/${s.vacancy.id}/${s.candidate.id}/rating`, { score: 4 });
    await s.company.client.post('/api/v1/vacancy/comment', { vacancyId: s.vacancy.id, text: 'Budget approved' });
    const feed = (await s.company.client.get('/api/v1/feed')).json as { kind: string; candidate: { id: string } | null; vacancy: { id: string } | null; user: { name: string } | null; to: string | null }[];
    expect(feed.slice(0, 3).map((f) => f.kind)).toEqual(['comment', 'rating', 'stage']);
    expect(feed[1]).toMatchObject({ candidate: { id: s.candidate.id }, vacancy: { id: s.vacancy.id }, user: { name: 'Kate' }, to: '4' });
    expect(feed.map((f) => f.kind)).toContain('candidate_added');
    const other = await setup();
    expect((await other.company.client.get('/api/v1/feed')).json.some((f: { vacancy: { id: string } | null }) => f.vacancy?.id === s.vacancy.id)).toBe(false);
    // a customer sees the events of their vacancies only
    expect((await s.customer2.client.get('/api/v1/feed')).json.filter((f: { kind: string }) => f.kind === 'stage')).toEqual([]);
  });
});
