import { beforeAll, describe, expect, it } from 'vitest';
import type { ParsedMail } from 'mailparser';
import { Client, db, lastMail, mailsTo, queueSettled } from '../support/client.ts';
import { space } from '../support/spaces.ts';
import { consentGiven } from '../support/consent.ts';
import { translator } from '../../src/lib/i18n/messages.ts';

/**
 * Interviews are objects (issue 11, item 5; docs/decisions/0019): edited, rescheduled and
 * cancelled, each change mailed as the same calendar event (one UID) with a higher SEQUENCE, a
 * cancellation as METHOD:CANCEL; participants only from the people on the vacancy.
 */
let moscow: number;
let skills: number[];
beforeAll(async () => {
  moscow = (await db().query(`select id from cities where name_en = 'Moscow'`)).rows[0].id;
  skills = (await db().query('select id from soft_skills order by position limit 1')).rows.map((r) => r.id);
});

async function setup({ candidateEmail = 'pavel@example.com' as string | null } = {}) {
  const s = await space();
  const vacancy = (await s.company.client.post('/api/v1/vacancy', {
    positionType: 1, positionName: 'Head of sales', quantity: 1, hardSkills: ['CRM'], jobExperience: 3, softSkills: skills, country: 'ru',
    cityId: moscow, address: 'Arbat 1', salary: 200000, schedule: 1, customers: [s.customer.id], mainCustomer: s.customer.id, status: 1,
  })).json;
  const candidate = (await s.company.client.post('/api/v1/candidates', { name: 'Pavel', surname: 'Orlov', ...(candidateEmail ? { email: candidateEmail } : {}), vacancyId: vacancy.id })).json;
  // the invitations name the candidate to the customer: he agreed to share with them (docs/decisions/0022)
  await consentGiven(candidate.id, [s.customer.id]);
  return { ...s, vacancy, candidate };
}

type World = Awaited<ReturnType<typeof setup>>;

const inDays = (days: number, hour = 10) => {
  const at = new Date(Date.now() + days * 86_400_000);
  at.setUTCHours(hour, 0, 0, 0);
  return at.toISOString();
};

async function schedule(s: World, extra: Record<string, unknown> = {}) {
  const res = await s.company.client.post('/api/v1/interviews', {
    candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt: inDays(3), durationMinutes: 45, kind: 'video', location: 'https://meet.example/a', participants: [s.customer.id], ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.json as { id: string; sequence: number; startsAt: string; participants: { id: string }[] };
}

/** The .ics of a mail, unfolded, as lines. */
const ics = (mail: ParsedMail) => mail.attachments.find((a) => a.filename === 'interview.ics')!.content.toString().replace(/\r\n /g, '').split('\r\n');
/** A property of the event (not of its VTIMEZONE). */
const line = (lines: string[], name: string) => lines.slice(lines.indexOf('BEGIN:VEVENT')).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
const about = (subject: RegExp) => (mail: ParsedMail) => subject.test(mail.subject ?? '');

describe('an interview changes as one calendar event', () => {
  // four rounds of mail to two people: longer than most tests on a busy machine
  it('edits and reschedules with the same UID and a higher SEQUENCE, and cancels with METHOD:CANCEL', { timeout: 90_000 }, async () => {
    const s = await setup();
    const created = await schedule(s);
    expect(created).toMatchObject({ sequence: 0, status: 'scheduled' });
    const first = ics(await lastMail(s.customer.email, { match: about(/^Interview with/) }));
    const uid = line(first, 'UID');
    expect(uid).toBe(`UID:${created.id}@recruit`);
    expect(first).toContain('SEQUENCE:0');
    expect(first).toContain('METHOD:REQUEST');

    // an edit that keeps the time: the same event, SEQUENCE 1
    const edited = await s.company.client.put(`/api/v1/interviews/${created.id}`, {
      startsAt: created.startsAt, durationMinutes: 60, kind: 'office', location: 'Arbat 1, room 5', participants: [s.customer.id], sequence: 0,
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ sequence: 1, kind: 'office', durationMinutes: 60, location: 'Arbat 1, room 5' });
    const editMail = await lastMail(s.customer.email, { match: about(/^Interview changed/) });
    const second = ics(editMail);
    expect(line(second, 'UID')).toBe(uid);
    expect(second).toContain('SEQUENCE:1');
    expect(second).toContain('METHOD:REQUEST');
    expect(second).toContain('LOCATION:Arbat 1\\, room 5');
    expect(editMail.text).not.toContain('It was set for');

    // a reschedule: SEQUENCE 2, the new time, and the old one named in the text
    const later = inDays(4, 12);
    const moved = await s.company.client.put(`/api/v1/interviews/${created.id}`, {
      startsAt: later, durationMinutes: 60, kind: 'office', location: 'Arbat 1, room 5', participants: [s.customer.id], sequence: 1,
    });
    expect(moved.status, moved.text).toBe(200);
    const moveMail = await lastMail(s.customer.email, { match: (m) => about(/^Interview changed/)(m) && (m.text ?? '').includes('It was set for') });
    const third = ics(moveMail);
    expect(line(third, 'UID')).toBe(uid);
    expect(third).toContain('SEQUENCE:2');
    // Moscow time (the accounts' default zone) is UTC+3 all year
    expect(line(third, 'DTSTART')).toBe(`DTSTART;TZID=Europe/Moscow:${later.slice(0, 10).replace(/-/g, '')}T150000`);
    expect(moveMail.text).toMatch(new RegExp(`The interview: http://\\S+/interviews/${created.id}\\n`));
    // the organiser is mailed as well
    expect(ics(await lastMail(s.company.email, { match: (m) => about(/^Interview changed/)(m) && (m.text ?? '').includes('It was set for') }))).toContain('SEQUENCE:2');

    // cancelled: METHOD:CANCEL, STATUS:CANCELLED, SEQUENCE 3, to everyone
    const cancelled = await s.company.client.post(`/api/v1/interviews/${created.id}/cancel`, { sequence: 2 });
    expect(cancelled.status, cancelled.text).toBe(200);
    expect(cancelled.json).toMatchObject({ status: 'cancelled', sequence: 3 });
    for (const email of [s.customer.email, s.company.email]) {
      const mail = await lastMail(email, { match: about(/^Interview cancelled/) });
      const fourth = ics(mail);
      expect(line(fourth, 'UID')).toBe(uid);
      expect(fourth).toContain('METHOD:CANCEL');
      expect(fourth).toContain('STATUS:CANCELLED');
      expect(fourth).toContain('SEQUENCE:3');
      expect(mail.attachments[0]!.contentType).toBe('text/calendar');
    }
    // it leaves the upcoming lists but stays on the candidate, marked; it changes no more
    expect((await s.customer.client.get('/api/v1/interviews')).json).toEqual([]);
    const ofCandidate = (await s.company.client.get(`/api/v1/interviews?candidateId=${s.candidate.id}`)).json;
    expect(ofCandidate).toMatchObject([{ id: created.id, status: 'cancelled' }]);
    const again = await s.company.client.put(`/api/v1/interviews/${created.id}`, { startsAt: later, durationMinutes: 30, kind: 'phone', location: '', participants: [s.customer.id] });
    expect(again.status).toBe(409);
    expect(again.json.message).toBe('interview.error.cancelled');
    expect((await s.company.client.post(`/api/v1/interviews/${created.id}/cancel`, {})).status).toBe(409);
  });

  it('names each change in the candidate history and the feed', async () => {
    const s = await setup();
    const created = await schedule(s);
    await s.company.client.put(`/api/v1/interviews/${created.id}`, { startsAt: inDays(5), durationMinutes: 45, kind: 'video', location: '', participants: [s.customer.id] });
    await s.company.client.post(`/api/v1/interviews/${created.id}/cancel`, {});
    const profile = (await s.company.client.get(`/api/v1/candidates/${s.candidate.id}?vacancyId=${s.vacancy.id}`)).json;
    const history = (profile.funnel?.history ?? []) as { kind: string; from: string | null; to: string | null }[];
    expect(history.slice(0, 3).map((h) => h.kind)).toEqual(['interview_cancelled', 'interview_rescheduled', 'interview']);
    expect(history[1]).toMatchObject({ from: created.startsAt, to: inDays(5) });
    const feed = (await s.customer.client.get('/api/v1/feed')).json as { kind: string; candidate: { id: string } | null }[];
    expect(feed.filter((f) => f.kind.startsWith('interview')).map((f) => f.kind)).toEqual(['interview_cancelled', 'interview_rescheduled', 'interview']);
    for (const kind of ['interview', 'interview_rescheduled', 'interview_changed', 'interview_cancelled']) {
      for (const lang of ['en', 'ru'] as const) {
        expect(translator(lang)(`feed.${kind}`)).not.toBe(`feed.${kind}`);
        expect(translator(lang)(`candidate_profile.history.${kind}`)).not.toBe(`candidate_profile.history.${kind}`);
      }
    }
  });

  it('mails a cancellation to a participant who is dropped and an invitation to one who joins', async () => {
    const s = await setup();
    // the vacancy's customers only: a second customer joins it first
    await db().query('insert into vacancy_customers (vacancy_id, user_id) values ($1, $2)', [s.vacancy.id, s.customer2.id]);
    const created = await schedule(s);
    const res = await s.company.client.put(`/api/v1/interviews/${created.id}`, { startsAt: created.startsAt, durationMinutes: 45, kind: 'video', location: '', participants: [s.customer2.id] });
    expect(res.status, res.text).toBe(200);
    const dropped = ics(await lastMail(s.customer.email, { match: about(/^Interview cancelled/) }));
    expect(dropped).toContain('METHOD:CANCEL');
    expect(dropped).toContain('SEQUENCE:1');
    const joined = ics(await lastMail(s.customer2.email, { match: about(/^Interview changed/) }));
    expect(joined).toContain('METHOD:REQUEST');
    expect(line(joined, 'UID')).toBe(`UID:${created.id}@recruit`);
    expect((await s.customer.client.get('/api/v1/interviews')).json).toEqual([]);
    expect((await s.customer2.client.get('/api/v1/interviews')).json.map((i: { id: string }) => i.id)).toEqual([created.id]);
  });
});

describe('the candidate can be invited', () => {
  it('at their address, in their language, with the organiser’s zone named', async () => {
    const s = await setup({ candidateEmail: `pavel-${Date.now()}@example.com` });
    const candidateEmail = (await db().query('select email from candidates where id = $1', [s.candidate.id])).rows[0].email as string;
    await db().query(`update candidates set lang = 'ru' where id = $1`, [s.candidate.id]);
    await s.company.client.put('/api/v1/users/profile', { name: 'Olga', surname: 'Owner', settings: { timeZone: 'Asia/Novosibirsk' } });
    const startsAt = inDays(3, 5);
    const created = await schedule(s, { inviteCandidate: true, startsAt });
    expect(created).toMatchObject({ candidateInvited: true });
    const mail = await lastMail(candidateEmail, { match: about(/^Приглашение на собеседование/) });
    expect(mail.text).toContain('Здравствуйте, Pavel Orlov!');
    expect(mail.text).toContain('на вакансию «Head of sales»');
    expect(mail.text).toContain('12:00 (Новосибирск (GMT+07:00))');
    // no link into the product: the candidate has no account
    expect(mail.text).not.toMatch(/\/candidates\/|\/interviews/);
    // "answer this letter" reaches whoever arranged it, not the no-reply sender
    expect(mail.replyTo?.value).toEqual([{ name: 'Olga Owner', address: s.company.email }]);
    expect((await lastMail(s.customer.email, { match: about(/^Interview with/) })).replyTo).toBeUndefined();
    const lines = ics(mail);
    expect(line(lines, 'DTSTART')).toBe(`DTSTART;TZID=Asia/Novosibirsk:${startsAt.slice(0, 10).replace(/-/g, '')}T120000`);
    expect(lines).toContain(`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${candidateEmail}`);
    // a participant's file lists the candidate too
    expect(ics(await lastMail(s.customer.email, { match: about(/^Interview with/) }))).toContain(`ATTENDEE;ROLE=REQ-PARTICIPANT;RSVP=TRUE:mailto:${candidateEmail}`);
    // no longer invited: the candidate's calendar gets the cancellation
    const res = await s.company.client.put(`/api/v1/interviews/${created.id}`, { startsAt, durationMinutes: 45, kind: 'video', location: '', participants: [s.customer.id], inviteCandidate: false });
    expect(res.status, res.text).toBe(200);
    const gone = await lastMail(candidateEmail, { match: about(/^Ваше собеседование отменено/) });
    expect(ics(gone)).toContain('METHOD:CANCEL');
  });

  it('not without an address', async () => {
    const s = await setup({ candidateEmail: null });
    const res = await s.company.client.post('/api/v1/interviews', { candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt: inDays(2), durationMinutes: 30, kind: 'phone', participants: [s.customer.id], inviteCandidate: true });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({ inviteCandidate: 'interview.error.candidate_email' });
    expect((await db().query('select count(*)::int as n from interviews where candidate_id = $1', [s.candidate.id])).rows[0].n).toBe(0);
  });
});

describe('who may take part and who may change it', () => {
  it('refuses participants who are not on the vacancy', async () => {
    const s = await setup();
    const other = await setup();
    const body = { candidateId: s.candidate.id, vacancyId: s.vacancy.id, startsAt: inDays(2), durationMinutes: 30, kind: 'phone' };
    // a customer of the space not on this vacancy, a recruiter of the space not on it, a stranger
    for (const outsider of [s.customer2.id, s.recruiter.id, other.customer.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await s.company.client.post('/api/v1/interviews', { ...body, participants: [s.customer.id, outsider] });
      expect(res.status).toBe(400);
      expect(res.json.errors).toEqual({ participants: 'interview.error.participants' });
    }
    expect(translator('ru')('interview.error.participants')).not.toBe('interview.error.participants');
    const created = await schedule(s);
    const edit = await s.company.client.put(`/api/v1/interviews/${created.id}`, { startsAt: created.startsAt, durationMinutes: 30, kind: 'phone', location: '', participants: [s.customer2.id] });
    expect(edit.status).toBe(400);
    expect(edit.json.errors).toEqual({ participants: 'interview.error.participants' });
    // nothing changed and nothing was mailed
    expect((await s.company.client.get(`/api/v1/interviews/${created.id}`)).json).toMatchObject({ sequence: 0, kind: 'video' });
    await queueSettled();
    expect((await mailsTo(s.customer2.email)).filter(about(/Interview/))).toEqual([]);
  });

  it('lets only the space’s company and recruiters change it, and refuses another space', async () => {
    const s = await setup();
    const other = await setup();
    const created = await schedule(s);
    const body = { startsAt: inDays(6), durationMinutes: 30, kind: 'phone', location: '', participants: [s.customer.id] };
    expect((await s.customer.client.put(`/api/v1/interviews/${created.id}`, body)).status).toBe(403);
    expect((await s.customer.client.post(`/api/v1/interviews/${created.id}/cancel`, {})).status).toBe(403);
    expect((await other.company.client.put(`/api/v1/interviews/${created.id}`, body)).status).toBe(404);
    expect((await other.company.client.post(`/api/v1/interviews/${created.id}/cancel`, {})).status).toBe(404);
    expect((await other.company.client.get(`/api/v1/interviews/${created.id}`)).status).toBe(404);
    expect((await s.customer2.client.get(`/api/v1/interviews/${created.id}`)).status).toBe(404);
    expect((await new Client().put(`/api/v1/interviews/${created.id}`, body)).status).toBe(401);
    // the participant customer reads it; the space's recruiter changes it
    expect((await s.customer.client.get(`/api/v1/interviews/${created.id}`)).json).toMatchObject({ id: created.id });
    expect((await s.recruiter.client.put(`/api/v1/interviews/${created.id}`, body)).status).toBe(200);
  });

  it('answers odd input with translated 4xx, never 500', async () => {
    const s = await setup();
    const created = await schedule(s);
    const url = `/api/v1/interviews/${created.id}`;
    const base = { startsAt: inDays(6), durationMinutes: 30, kind: 'phone', location: '', participants: [s.customer.id] };
    const cases: [unknown, number][] = [
      [{ ...base, sequence: 'x' }, 400],
      [{ ...base, sequence: -1 }, 400],
      [{ ...base, sequence: 1.5 }, 400],
      [{ ...base, participants: 'everyone' }, 400],
      [{ ...base, participants: Array.from({ length: 21 }, () => s.customer.id) }, 400],
      [{ ...base, startsAt: 'tomorrow' }, 400],
      [{ ...base, startsAt: '2020-01-01T10:00:00Z' }, 400],
      [{ ...base, durationMinutes: 100000 }, 400],
      [{ ...base, inviteCandidate: 'yes' }, 400],
      [{ ...base, location: 'x'.repeat(501) }, 400],
      [{}, 400],
    ];
    for (const [data, status] of cases) {
      const res = await s.company.client.put(url, data);
      expect(res.status, JSON.stringify(data)).toBe(status);
      expect(Object.values(res.json.errors ?? {}).every((key) => typeof key === 'string' && translator('ru')(key as string) !== key)).toBe(true);
    }
    expect((await s.company.client.put('/api/v1/interviews/not-an-id', base)).status).toBe(404);
    expect((await s.company.client.post('/api/v1/interviews/not-an-id/cancel', {})).status).toBe(404);
    expect((await s.company.client.get('/api/v1/interviews?candidateId=nope')).json).toEqual([]);
    expect((await s.company.client.get(`/api/v1/interviews/${created.id}`)).json).toMatchObject({ sequence: 0 });
  });

  it('is the organiser\'s alone (with the candidate) when no one else is chosen: a recruiter\'s interview needs nobody else', async () => {
    const s = await setup();
    const alone = await schedule(s, { participants: [] });
    expect(alone.participants.map((p) => p.id)).toEqual([s.company.user.id]);
  });
});

describe('two edits at once', () => {
  it('apply one after the other; an edit made on a stale version is refused', async () => {
    const s = await setup();
    const created = await schedule(s);
    const body = (days: number) => ({ startsAt: inDays(days), durationMinutes: 30, kind: 'phone', location: '', participants: [s.customer.id], sequence: 0 });
    const [a, b] = await Promise.all([s.company.client.put(`/api/v1/interviews/${created.id}`, body(6)), s.recruiter.client.put(`/api/v1/interviews/${created.id}`, body(7))]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    expect(lost.json.message).toBe('interview.error.changed');
    expect((await s.company.client.get(`/api/v1/interviews/${created.id}`)).json.sequence).toBe(1);
    // without a version both apply, each with its own SEQUENCE
    const free = (days: number) => ({ ...body(days), sequence: undefined });
    const [c, d] = await Promise.all([s.company.client.put(`/api/v1/interviews/${created.id}`, free(8)), s.recruiter.client.put(`/api/v1/interviews/${created.id}`, free(9))]);
    expect([c.status, d.status]).toEqual([200, 200]);
    expect([c.json.sequence, d.json.sequence].sort()).toEqual([2, 3]);
  });
});
