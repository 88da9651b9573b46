import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Client, db, rawPost } from '../support/client.ts';
import { space } from '../support/spaces.ts';

const PARSE = '/api/v1/candidates/parse-resume';
const FIXTURES = path.join(import.meta.dirname, '../fixtures/resumes');
const fixture = (name: string) => fs.readFileSync(path.join(FIXTURES, name));

function upload(client: Client, bytes: Uint8Array | null, name = 'cv.pdf', type = 'application/pdf', target = PARSE, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return client.request('POST', target, { raw: form });
}

function attachDraft(client: Client, candidateId: string, draft: string) {
  const form = new FormData();
  form.append('candidateId', candidateId);
  form.append('draft', draft);
  return client.request('POST', '/api/v1/candidates/resume', { raw: form });
}

const candidateCount = async (spaceOf: string) => Number((await db().query('select count(*) from candidates c join users u on u.space_id = c.space_id where u.id = $1', [spaceOf])).rows[0].count);

describe('parse-resume', () => {
  it('proposes the fields of a Russian PDF résumé and saves nothing of a candidate', async () => {
    const s = await space();
    const res = await upload(s.recruiter.client, fixture('ru-01-classic.pdf'), 'Воробьёв.pdf');
    expect(res.status).toBe(200);
    expect(res.json.draft).toEqual({ name: expect.stringMatching(/^[A-Za-z0-9_-]{16,}\.pdf$/), original: 'Воробьёв.pdf' });
    expect(res.json.unreadable).toBeUndefined();
    expect(res.json.fields).toMatchObject({
      name: 'Алексей',
      surname: 'Воробьёв',
      email: 'a.vorobyov@example.ru',
      phone: '+79165551234',
      positionName: 'Ведущий инженер-программист',
      salary: '250000',
      salaryCurrency: 'RUB',
      // the user's language names the city
      city: { id: expect.any(Number), name: 'Moscow' },
      jobExperience: [
        { from: '2020-03-01', to: null, companyName: 'ООО «Северный ветер»', positionName: 'Ведущий инженер-программист' },
        { from: '2016-09-01', to: '2020-02-01', companyName: 'АО «Техносфера»', positionName: 'Инженер-программист' },
      ],
      education: [{ year: '2016', name: 'Московский государственный технический университет им. Н. Э. Баумана' }],
      langs: [
        { lang: 'Русский', level: 'Native' },
        { lang: 'Английский', level: 'B2' },
      ],
    });
    expect(res.json.fields.salaryTo).toBeUndefined();
    expect(await candidateCount(s.recruiter.id)).toBe(0);
    const { rows } = await db().query('select space_id, user_id from resume_drafts where name = $1', [res.json.draft.name]);
    expect(rows).toEqual([{ space_id: expect.any(String), user_id: s.recruiter.id }]);
  });

  it('reads a DOCX, and leaves out a city that is not in the catalogue', async () => {
    const s = await space();
    const res = await upload(s.company.client, fixture('en-04-table.docx'), 'rowan.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.status).toBe(200);
    expect(res.json.fields).toMatchObject({ name: 'Emily', surname: 'Rowan', phone: '+442079460321', positionName: 'UX Researcher', salary: '4500', salaryCurrency: 'EUR' });
    expect(res.json.fields.city).toBeUndefined();
  });

  it('attaches the draft to the saved candidate once, and only in its own space', async () => {
    const s = await space();
    const other = await space();
    const parsed = (await upload(s.recruiter.client, fixture('en-01-classic.pdf'), 'Harlow CV.pdf')).json;
    const created = await s.recruiter.client.post('/api/v1/candidates', { name: parsed.fields.name, surname: parsed.fields.surname, email: parsed.fields.email });
    expect(created.status).toBe(201);
    const otherCandidate = (await other.company.client.post('/api/v1/candidates', { name: 'Ann', surname: 'Lee' })).json.id as string;
    // another space knows the name: still not its draft
    expect((await attachDraft(other.company.client, otherCandidate, parsed.draft.name)).status).toBe(404);
    const attached = await attachDraft(s.company.client, created.json.id, parsed.draft.name);
    expect(attached.status).toBe(200);
    expect(attached.json).toEqual({ resume: parsed.draft.name, resumeName: 'Harlow CV.pdf' });
    const download = await s.recruiter.client.get(`/api/v1/candidates/${created.json.id}/resume`);
    expect(download.status).toBe(200);
    expect(download.text.startsWith('%PDF-')).toBe(true);
    expect((await db().query('select 1 from resume_drafts where name = $1', [parsed.draft.name])).rowCount).toBe(0);
    // taken: not twice, and not by another candidate of the space
    const second = (await s.company.client.post('/api/v1/candidates', { name: 'Bo', surname: 'Li' })).json.id as string;
    expect((await attachDraft(s.company.client, second, parsed.draft.name)).status).toBe(404);
    for (const odd of ['', 'x'.repeat(5000), '../resumes/x.pdf']) expect((await attachDraft(s.company.client, second, odd)).status, odd.slice(0, 10)).toBe(404);
    // NUL bytes in a form field are refused as a bad request
    expect((await attachDraft(s.company.client, second, 'a\u0000b.pdf')).status).toBe(400);
  });

  it('gives a draft to exactly one of 200 concurrent attachments', async () => {
    const s = await space();
    const parsed = (await upload(s.company.client, fixture('ru-05-compact.pdf'))).json;
    const ids = await Promise.all(Array.from({ length: 4 }, async (_, i) => (await s.company.client.post('/api/v1/candidates', { name: 'Ann', surname: `Lee${i}` })).json.id as string));
    const answers = await Promise.all(Array.from({ length: 200 }, (_, i) => attachDraft(s.company.client, ids[i % ids.length]!, parsed.draft.name)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(199).fill(404));
    const { rows } = await db().query('select count(*) from candidates where resume = $1', [parsed.draft.name]);
    expect(Number(rows[0].count)).toBe(1);
  });

  it('refuses no session, a customer, and files that are not résumés', async () => {
    const s = await space();
    const pdf = fixture('ru-01-classic.pdf');
    expect((await upload(new Client(), pdf)).status).toBe(401);
    const customer = await upload(s.customer.client, pdf);
    expect(customer.status).toBe(403);
    expect((await db().query('select count(*) from resume_drafts where user_id = $1', [s.customer.id])).rows[0].count).toBe('0');
    const r = s.recruiter.client;
    const missing = await upload(r, null);
    expect(missing.status).toBe(400);
    expect(missing.json.message).toBe('error.upload.file_required');
    expect((await upload(r, new Uint8Array(0))).status).toBe(400);
    for (const [bytes, name] of [
      [Buffer.from('just some text, not a résumé'), 'cv.pdf'],
      [Buffer.alloc(4096), 'nul.pdf'],
      [Buffer.from('MZ\x90\x00\x03 this program cannot be run in DOS mode'), 'cv.docx'],
      [Buffer.from('PK\x03\x04 a zip without a document'), 'cv.docx'],
    ] as const) {
      const refused = await upload(r, bytes, name);
      expect(refused.status, name).toBe(415);
      expect(refused.json.message).toBe('error.upload.not_a_resume');
    }
    // above 10 MB: refused before it is read, and the connection closed
    const cookie = [...r.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const huge = await rawPost(PARSE, 'multipart/form-data; boundary=x', 11 * 1024 * 1024, { cookie });
    expect(huge).toMatch(/^HTTP\/1\.1 413/);
    expect(huge).toContain('"error.upload.resume_too_large"');
    // a file of 10 MB and a bit, in a body under the limit, is refused by the upload check
    const over = await upload(r, Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]));
    expect(over.status).toBe(413);
    expect(over.json.message).toBe('error.upload.resume_too_large');
  });

  it('stores but cannot read a damaged PDF, a scan-like PDF without text, or an old .doc', async () => {
    const s = await space();
    const r = s.recruiter.client;
    const damaged = await upload(r, Buffer.from('%PDF-1.7\n\u0000\u0000\u0000 trailer garbage %%EOF'));
    expect(damaged.status).toBe(200);
    expect(damaged.json).toEqual({ draft: expect.any(Object), fields: {}, unreadable: 'damaged' });
    const empty = await upload(r, Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 10 10]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF'));
    expect(empty.status).toBe(200);
    expect(empty.json.fields).toEqual({});
    expect(['empty', 'damaged']).toContain(empty.json.unreadable);
    const doc = await upload(r, Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]), 'old.doc', 'application/msword');
    expect(doc.status).toBe(200);
    expect(doc.json).toMatchObject({ fields: {}, unreadable: 'doc', draft: { name: expect.stringMatching(/\.doc$/) } });
  });

  it('limits how many résumés one user parses in ten minutes', async () => {
    const s = await space();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await upload(s.recruiter.client, new Uint8Array(0))).status);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(400));
    expect(statuses[30]).toBe(429);
    // another user of the space is not held up
    expect((await upload(s.company.client, new Uint8Array(0))).status).toBe(400);
  });
});
