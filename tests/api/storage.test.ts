/**
 * Issue 16 item 1: the same upload suite against both back ends of storage.ts: the disk (the
 * API tests' own product) and an S3-compatible store (s3rver, started here, with a product of
 * its own pointed at it through S3_URL). What each back end holds is checked in the back end
 * itself, not through the product.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DeleteBucketCommand, CreateBucketCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { Client, lastCode, lastMail, PASSWORD, uniqueEmail } from '../support/client.ts';
import { createTestDatabase, spawnServer, type RunningServer, type TestDatabase } from '../support/server.ts';
import { parseS3Url } from '../../src/lib/server/storage.ts';

type Area = 'uploads' | 'resumes' | 'exports';

interface Target {
  base: string;
  dataDir: string;
  databaseUrl: string;
  /** Whether the back end itself holds the file. */
  holds(area: Area, name: string): Promise<boolean>;
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n% résumé bytes that must come back unchanged\ntrailer<<>>\n%%EOF\n');

async function signUp(t: Target) {
  const client = new Client(t.base);
  const email = uniqueEmail('company');
  const registered = await client.post('/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company', settings: { lang: 'en' } });
  expect(registered.status, registered.text).toBe(201);
  client.token = registered.json.accessToken;
  const code = await lastCode(email, { dataDir: t.dataDir, databaseUrl: t.databaseUrl });
  expect((await client.post('/api/v1/auth/verify/email', { email, code })).status).toBe(200);
  expect((await client.put('/api/v1/users/profile', { name: 'Sam', surname: 'Newman', companyName: 'Newco' })).status).toBe(200);
  return client;
}

function form(fields: Record<string, string | Blob>, file?: { bytes: Buffer; name: string; type: string }) {
  const body = new FormData();
  for (const [key, value] of Object.entries(fields)) body.append(key, value);
  if (file) body.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  return body;
}

const photo = (colour: string) => sharp({ create: { width: 400, height: 300, channels: 3, background: colour } }).png().toBuffer();

function uploadSuite(target: () => Target) {
  it('stores a photo, serves it by its name with a year of caching, and deletes the one it replaces', async () => {
    const t = target();
    const company = await signUp(t);
    const first = await company.request('POST', '/api/v1/users/profile/photo', { raw: form({}, { bytes: await photo('#c83232'), name: 'me.png', type: 'image/png' }) });
    expect(first.status, first.text).toBe(200);
    const image = first.json.image as string;
    expect(await t.holds('uploads', image)).toBe(true);
    const served = await fetch(`${t.base}/uploads/${image}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');
    expect((await fetch(`${t.base}/uploads/${image}`, { method: 'HEAD' })).status).toBe(200);

    const second = await company.request('POST', '/api/v1/users/profile/photo', { raw: form({}, { bytes: await photo('#3232c8'), name: 'me.png', type: 'image/png' }) });
    expect(second.status).toBe(200);
    expect(await t.holds('uploads', second.json.image)).toBe(true);
    expect(await t.holds('uploads', image)).toBe(false);
    expect((await company.get(`/uploads/${image}`)).status).toBe(404);
    expect((await company.get('/uploads/AAAAAAAAAAAAAAAAAAAAAAAA.webp')).status).toBe(404);
  });

  it('keeps a résumé behind the access check, streams it whole, and never under /uploads', async () => {
    const t = target();
    const company = await signUp(t);
    const other = await signUp(t);
    const id = (await company.post('/api/v1/candidates', { name: 'Anna', surname: 'Store', email: uniqueEmail('anna') })).json.id as string;
    expect(id).toBeTruthy();
    const saved = await company.request('POST', '/api/v1/candidates/resume', { raw: form({ candidateId: id }, { bytes: PDF, name: 'Anna CV.pdf', type: 'application/pdf' }) });
    expect(saved.status, saved.text).toBe(200);
    const resume = saved.json.resume as string;
    expect(await t.holds('resumes', resume)).toBe(true);
    expect((await company.get(`/uploads/${resume}`)).status).toBe(404);

    const download = await fetch(`${t.base}/api/v1/candidates/${id}/resume`, { headers: { authorization: `Bearer ${company.token}` } });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(download.headers.get('cache-control')).toContain('no-store');
    expect(Buffer.from(await download.arrayBuffer()).equals(PDF)).toBe(true);
    expect((await fetch(`${t.base}/api/v1/candidates/${id}/resume`)).status).toBe(401);
    expect((await other.get(`/api/v1/candidates/${id}/resume`)).status).toBe(404);

    // a refused file leaves the stored one in place
    const refused = await company.request('POST', '/api/v1/candidates/resume', { raw: form({ candidateId: id }, { bytes: Buffer.from('MZ this program cannot be run'), name: 'cv.pdf', type: 'application/pdf' }) });
    expect(refused.status).toBe(415);
    expect(await t.holds('resumes', resume)).toBe(true);

    const replaced = await company.request('POST', '/api/v1/candidates/resume', { raw: form({ candidateId: id }, { bytes: PDF, name: 'Anna CV 2.pdf', type: 'application/pdf' }) });
    expect(replaced.status).toBe(200);
    expect(await t.holds('resumes', replaced.json.resume)).toBe(true);
    expect(await t.holds('resumes', resume)).toBe(false);
  });

  it("puts the candidate's copy in the store with the résumé inside, and erasure removes every file", async () => {
    const t = target();
    const company = await signUp(t);
    const email = uniqueEmail('anna');
    const id = (await company.post('/api/v1/candidates', { name: 'Anna', surname: 'Copy', email })).json.id as string;
    const resume = (await company.request('POST', '/api/v1/candidates/resume', { raw: form({ candidateId: id }, { bytes: PDF, name: 'cv.pdf', type: 'application/pdf' }) })).json.resume as string;
    const photoUpload = await company.request('POST', '/api/v1/candidates/photo', { raw: form({ candidateId: id }, { bytes: await photo('#32c832'), name: 'a.png', type: 'image/png' }) });
    expect(photoUpload.status, photoUpload.text).toBe(200);
    const image = photoUpload.json.image as string;
    expect(await t.holds('uploads', image)).toBe(true);

    expect((await company.post(`/api/v1/candidates/${id}/export`)).status).toBe(202);
    const mail = await lastMail(email, { dataDir: t.dataDir, databaseUrl: t.databaseUrl, match: (m) => /\/privacy\/export\?token=/.test(m.text ?? '') });
    const token = /\/privacy\/export\?token=([\w-]+)/.exec(mail.text ?? '')![1]!;
    const zip = Buffer.from(await (await fetch(`${t.base}/privacy/export?token=${token}`)).arrayBuffer());
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
    // stored uncompressed or not, the résumé's bytes are inside the archive
    expect(zip.includes(PDF.subarray(0, 20)) || zip.includes(Buffer.from(`resume.pdf`))).toBe(true);
    const { Client: Pg } = (await import('pg')).default;
    const pg = new Pg({ connectionString: t.databaseUrl });
    await pg.connect();
    const file = (await pg.query('select file from rights_requests where candidate_id = $1', [id])).rows[0].file as string;
    await pg.end();
    expect(await t.holds('exports', file)).toBe(true);

    const erased = await company.post(`/api/v1/candidates/${id}/erase`, { confirm: true });
    expect(erased.status, erased.text).toBe(200);
    expect(await t.holds('resumes', resume)).toBe(false);
    expect(await t.holds('uploads', image)).toBe(false);
    expect(await t.holds('exports', file)).toBe(false);
  });
}

describe('files on disk (DATA_DIR)', () => {
  uploadSuite(() => ({
    base: inject('baseUrl'),
    dataDir: inject('dataDir'),
    databaseUrl: inject('databaseUrl'),
    holds: async (area, name) => fs.existsSync(path.join(inject('dataDir'), area, name)),
  }));
});

describe('files in an S3-compatible store (s3rver, S3_URL)', () => {
  let s3: S3rver;
  let s3Dir: string;
  let s3Port: number;
  let dataDir: string;
  let database: TestDatabase;
  let server: RunningServer;
  let client: S3Client;
  let target: Target;
  const bucket = 'recruit-files';

  beforeAll(async () => {
    s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: s3Dir });
    const { port } = await s3.run();
    s3Port = port;
    // keys with characters that must be percent-encoded in the URL
    const s3Url = `http://S3RVER:${encodeURIComponent('S3RVER')}@127.0.0.1:${port}/${bucket}?region=eu-central-1`;
    const location = parseS3Url(s3Url);
    client = new S3Client({ endpoint: location.endpoint, region: location.region, forcePathStyle: true, credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey } });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-s3-app-'));
    database = await createTestDatabase(dataDir);
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, S3_URL: s3Url, PUBLIC_URL: undefined });
    target = {
      base: server.url,
      dataDir,
      databaseUrl: database.url,
      holds: async (area, name) => {
        // nothing of the files may land on the product's disk
        if (fs.existsSync(path.join(dataDir, area, name))) throw new Error(`${area}/${name} was written to disk`);
        try {
          await client.send(new HeadObjectCommand({ Bucket: bucket, Key: `${area}/${name}` }));
          return true;
        } catch (error) {
          if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
          throw error;
        }
      },
    };
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await client?.send(new DeleteBucketCommand({ Bucket: bucket })).catch(() => {});
    await s3?.close();
    for (const dir of [s3Dir, dataDir]) if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  uploadSuite(() => target);

  it('parses S3_URL: endpoint, bucket, region, encoded keys, addressing style', () => {
    expect(parseS3Url('https://AK%2B1:s%2Fecret@storage.example.com/files?region=ru-central1&style=virtual')).toEqual({
      endpoint: 'https://storage.example.com',
      bucket: 'files',
      region: 'ru-central1',
      accessKeyId: 'AK+1',
      secretAccessKey: 's/ecret',
      forcePathStyle: false,
    });
    expect(parseS3Url('http://k:s@127.0.0.1:9000/b1').region).toBe('us-east-1');
    expect(() => parseS3Url('http://k:s@127.0.0.1:9000/')).toThrow(/bucket/);
    expect(() => parseS3Url('http://127.0.0.1:9000/b1')).toThrow(/key/);
  });

  it('answers a photo with 503 while the store is down, keeps serving pages, and serves the photo once it is back', async () => {
    const company = await signUp(target);
    const image = (await company.request('POST', '/api/v1/users/profile/photo', { raw: form({}, { bytes: await photo('#888888'), name: 'p.png', type: 'image/png' }) })).json.image as string;
    await s3.close();
    const down = await fetch(`${server.url}/uploads/${image}`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBeTruthy();
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    s3 = new S3rver({ port: s3Port, address: '127.0.0.1', silent: true, directory: s3Dir });
    await s3.run();
    expect((await fetch(`${server.url}/uploads/${image}`)).status).toBe(200);
  });
});
