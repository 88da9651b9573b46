import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, inject, it } from 'vitest';
import { baseUrl, Client, db, signUp, rawPost } from '../support/client.ts';

const PHOTO = '/api/v1/users/profile/photo';
const uploadsDir = () => path.join(inject('dataDir'), 'uploads');
/** SPEC.md §3, §7: the API names the image's file; it is served from /uploads plus that name. */
const stored = (image: string) => path.join(uploadsDir(), image);

/** A multipart form with `file` (and any extra fields), sent as a browser would. */
function upload(client: Client, bytes: Uint8Array | null, name = 'photo.jpg', type = 'image/jpeg', extra: Record<string, string> = {}) {
  const form = new FormData();
  if (bytes) form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  for (const [key, value] of Object.entries(extra)) form.append(key, value);
  return client.request('POST', PHOTO, { raw: form });
}

const solid = (width: number, height: number, background = '#c83232') =>
  sharp({ create: { width, height, channels: 3, background } });

/** A 1200×800 camera-like JPEG carrying EXIF with a GPS position. */
const photoWithExif = () =>
  solid(1200, 800)
    .withExif({
      IFD0: { Make: 'SecretCam', Copyright: 'private-owner' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '55/1 45/1 21/1', GPSLongitudeRef: 'E', GPSLongitude: '37/1 37/1 4/1' },
    })
    .jpeg()
    .toBuffer();

async function imageOf(userId: string): Promise<string | null> {
  const { rows } = await db().query('select image from users where id = $1', [userId]);
  return rows[0].image;
}

async function fetchImage(image: string) {
  const response = await fetch(`${baseUrl()}/uploads/${image}`, { redirect: 'manual' });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { response, bytes, meta: response.ok ? await sharp(bytes).metadata() : undefined };
}

/** One PNG chunk: length, type, data, CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes that claim a 20000×20000 canvas: a decompression bomb's header. */
function pngBomb(): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(20_000, 0);
  header.writeUInt32BE(20_000, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(1000))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** An uncompressed 24-bit BMP, left half red and right half blue (what Paint saves). */
function bmp24(width: number, height: number): Buffer {
  const stride = Math.ceil((width * 3) / 4) * 4;
  const out = Buffer.alloc(54 + stride * height);
  out.write('BM', 0, 'latin1');
  out.writeUInt32LE(out.length, 2);
  out.writeUInt32LE(54, 10);
  out.writeUInt32LE(40, 14);
  out.writeInt32LE(width, 18);
  out.writeInt32LE(height, 22);
  out.writeUInt16LE(1, 26);
  out.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const at = 54 + y * stride + x * 3;
      out.set(x < width / 2 ? [0, 0, 255] : [255, 0, 0], at); // B, G, R
    }
  }
  return out;
}

/** The colour of one pixel of a served image. */
async function pixel(bytes: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return [...data.subarray(at, at + 3)];
}
const isRed = ([r, g, b]: number[]) => r! > 180 && g! < 80 && b! < 80;
const isBlue = ([r, g, b]: number[]) => b! > 180 && r! < 80 && g! < 80;

describe('POST /api/v1/users/profile/photo', () => {
  it('stores a 256×256 WebP without EXIF/GPS under a random name and points the profile at it', async () => {
    const { client, user } = await signUp('recruiter');
    const input = await photoWithExif();
    const inputMeta = await sharp(input).metadata();
    expect(inputMeta.exif?.toString('latin1')).toContain('private-owner'); // the test image does carry EXIF

    const res = await upload(client, input, 'IMG_0001.jpg');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ image: expect.stringMatching(/^[A-Za-z0-9_-]{24,}\.webp$/) });
    const image: string = res.json.image;
    expect(image).not.toContain('IMG_0001');

    const served = await fetchImage(image);
    expect(served.response.status).toBe(200);
    expect(served.response.headers.get('content-type')).toBe('image/webp');
    expect(served.meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(served.meta!.exif).toBeUndefined();
    expect(served.meta!.xmp).toBeUndefined();
    expect(served.bytes.toString('latin1')).not.toMatch(/private-owner|SecretCam/);

    expect(await imageOf(user.id)).toBe(image);
    const profile = await client.get('/api/v1/users/profile');
    expect(profile.json.image).toBe(image);
    // the header of every page builds the address from the name
    expect((await client.get('/profile')).text).toContain(`src="/uploads/${image}"`);
  });

  it('replaces the previous photo and deletes its file', async () => {
    const { client, user } = await signUp('company');
    const first = await upload(client, await photoWithExif());
    expect(first.status).toBe(200);
    expect(fs.existsSync(stored(first.json.image))).toBe(true);

    const second = await upload(client, await solid(300, 300, '#3232c8').png().toBuffer(), 'next.png', 'image/png');
    expect(second.status).toBe(200);
    expect(second.json.image).not.toBe(first.json.image);
    expect(await imageOf(user.id)).toBe(second.json.image);
    expect(fs.existsSync(stored(first.json.image))).toBe(false);
    expect(fs.existsSync(stored(second.json.image))).toBe(true);
    expect((await fetchImage(first.json.image)).response.status).not.toBe(200);
  });

  it('keeps exactly one file when two uploads race', async () => {
    const { client, user } = await signUp('customer');
    const bytes = await solid(200, 200).jpeg().toBuffer();
    const [a, b] = await Promise.all([upload(client, bytes), upload(client, bytes)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const kept = await imageOf(user.id);
    const names = [a.json.image, b.json.image];
    expect(names).toContain(kept);
    expect(names.filter((name) => fs.existsSync(path.join(uploadsDir(), name)))).toEqual([kept]);
  });

  it('turns the photo upright by its EXIF orientation before cropping', async () => {
    const { client } = await signUp('recruiter');
    // stored sideways: left half red, right half blue; orientation 6 means "rotate 90° clockwise", so red ends on top
    const sideways = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#0000ff' } })
      .composite([{ input: { create: { width: 200, height: 200, channels: 3, background: '#ff0000' } }, left: 0, top: 0 }])
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(client, sideways);
    expect(res.status).toBe(200);
    const { bytes } = await fetchImage(res.json.image);
    expect(isRed(await pixel(bytes, 250, 5))).toBe(true);
    expect(isBlue(await pixel(bytes, 5, 250))).toBe(true);
  });

  it('decides by content, not by name or declared type: a PNG called x.txt is accepted', async () => {
    const { client } = await signUp('company');
    const res = await upload(client, await solid(64, 48).png().toBuffer(), 'x.txt', 'text/plain');
    expect(res.status).toBe(200);
    expect((await fetchImage(res.json.image)).meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it.each([
    ['gif', () => solid(300, 200).gif().toBuffer()],
    ['webp', () => solid(300, 200).webp().toBuffer()],
    ['avif', () => solid(64, 64).avif().toBuffer()],
    ['tiff', () => solid(300, 200).tiff().toBuffer()],
  ])('accepts %s', async (_kind, make) => {
    const { client } = await signUp('recruiter');
    const res = await upload(client, await make(), 'image', 'application/octet-stream');
    expect(res.status).toBe(200);
    expect((await fetchImage(res.json.image)).meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('accepts an uncompressed 24-bit BMP, which sharp cannot read by itself', async () => {
    const { client } = await signUp('recruiter');
    const res = await upload(client, bmp24(301, 200), 'paint.bmp', 'image/bmp');
    expect(res.status).toBe(200);
    const { bytes, meta } = await fetchImage(res.json.image);
    expect(meta).toMatchObject({ width: 256, height: 256 });
    expect(isRed(await pixel(bytes, 5, 5))).toBe(true); // bottom-up rows and BGR order decoded right
    expect(isBlue(await pixel(bytes, 250, 250))).toBe(true);
  });

  it.each([
    ['a text file named photo.jpg', Buffer.from('hello, I am not a picture\n'.repeat(50)), 'photo.jpg', 'image/jpeg'],
    ['an executable named .png', Buffer.concat([Buffer.from('MZ'), crypto.randomBytes(4096)]), 'avatar.png', 'image/png'],
    ['an SVG (script-capable text, not a raster image)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'a.svg', 'image/svg+xml'],
    ['a JPEG header followed by garbage', Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), crypto.randomBytes(2048)]), 'broken.jpg', 'image/jpeg'],
  ])('refuses %s with 415 and leaves the photo alone', async (_what, bytes, name, type) => {
    const { client, user } = await signUp('customer');
    const ok = await upload(client, await solid(100, 100).jpeg().toBuffer());
    expect(ok.status).toBe(200);

    const res = await upload(client, bytes, name, type);
    expect(res.status).toBe(415);
    expect(res.json).toMatchObject({ statusCode: 415, message: 'error.upload.not_an_image' });
    expect(await imageOf(user.id)).toBe(ok.json.image);
    expect(fs.existsSync(stored(ok.json.image))).toBe(true);
  });

  it('refuses a file above 10 MB with 413 before reading it, and closes the connection', async () => {
    const { client, user } = await signUp('company');
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const answer = await rawPost('/api/v1/users/profile/photo', 'multipart/form-data; boundary=x', 11 * 1024 * 1024, { cookie });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('"error.upload.image_too_large"');
    expect(await imageOf(user.id)).toBeNull();
  });

  it('refuses an oversized body sent without Content-Length (chunked) with 413', async () => {
    const { client } = await signUp('company');
    const boundary = '----recruit-test';
    const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);
    const block = Buffer.alloc(1024 * 1024);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(head);
        if (sent++ < 12) controller.enqueue(block);
        else controller.close();
      },
    });
    const response = await fetch(baseUrl() + PHOTO, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect((await response.json()).message).toBe('error.upload.image_too_large');
    // the connection is left usable: the next requests (which may reuse it) are answered
    for (let i = 0; i < 3; i++) expect((await client.get('/api/v1/users/profile')).status).toBe(200);
  });

  it('refuses a decompression bomb (a small file claiming 400 megapixels) with 413', async () => {
    const { client } = await signUp('recruiter');
    const res = await upload(client, pngBomb(), 'bomb.png', 'image/png');
    expect(res.status).toBe(413);
    expect(res.json.message).toBe('error.upload.image_too_many_pixels');
  });

  it('asks for the file when the form has none, and answers a JSON body with a JSON error', async () => {
    const { client } = await signUp('company');
    const empty = await upload(client, null, undefined, undefined, { note: 'no file here' });
    expect(empty.status).toBe(400);
    expect(empty.json).toMatchObject({ message: 'error.upload.file_required', errors: { file: 'error.upload.file_required' } });

    // what a browser sends for a file input left empty: a part with no name and no bytes
    const nothingChosen = await upload(client, new Uint8Array(0), '', 'application/octet-stream');
    expect(nothingChosen.status).toBe(400);
    expect(nothingChosen.json.message).toBe('error.upload.file_required');

    const asJson = await client.post(PHOTO, { file: 'data:image/png;base64,AAAA' });
    expect(asJson.status).toBeGreaterThanOrEqual(400);
    expect(asJson.status).toBeLessThan(500);
    expect(asJson.headers.get('content-type')).toContain('application/json');
    expect(asJson.json.message).toMatch(/^error\./);

    const plain = await client.request('POST', PHOTO, { raw: 'just text', headers: { 'content-type': 'text/plain' } });
    expect(plain.status).toBe(415);
    expect(plain.json.message).toMatch(/^error\./);

    const broken = await client.request('POST', PHOTO, { raw: 'not a multipart body', headers: { 'content-type': 'multipart/form-data; boundary=x' } });
    expect(broken.status).toBe(400);
    expect(broken.json.message).toBe('error.common.invalid_body');
  });

  it('needs a session (401) and a confirmed address (403)', async () => {
    const bytes = await solid(100, 100).jpeg().toBuffer();
    const anonymous = await upload(new Client(), bytes);
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.message).toBe('error.common.unauthorized');

    const { client, user } = await signUp('company', { verify: false });
    const unverified = await upload(client, bytes);
    expect(unverified.status).toBe(403);
    expect(await imageOf(user.id)).toBeNull();
  });
});
