/**
 * What node:http in src/server.ts does before Astro: the built files with their precompressed
 * twins, refusing paths out of its folders, and socket.io at /ws. Against the shared server.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { io, type Socket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { baseUrl, signUp } from '../support/client.ts';
import { ROOT } from '../support/server.ts';
import { rawGet } from './support.ts';

const ASTRO_DIR = path.join(ROOT, 'dist/client/_astro');

/** A built script that has both twins (compress.mjs skips the tiny ones). */
function builtScript(): string {
  const name = fs
    .readdirSync(ASTRO_DIR)
    .filter((f) => f.endsWith('.js'))
    .find((f) => fs.existsSync(path.join(ASTRO_DIR, `${f}.br`)) && fs.existsSync(path.join(ASTRO_DIR, `${f}.gz`)));
  if (!name) throw new Error('no dist/client/_astro/*.js with .br and .gz twins: run `astro build && node scripts/compress.mjs`');
  return name;
}

describe('static files', () => {
  it('sends the brotli twin, the gzip twin or the raw file of a hashed script as the client accepts, cached for good', async () => {
    const name = builtScript();
    const original = fs.readFileSync(path.join(ASTRO_DIR, name));
    const url = `/_astro/${name}`;

    const br = await rawGet(baseUrl(), url, { 'accept-encoding': 'br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toContain('immutable');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.equals(fs.readFileSync(path.join(ASTRO_DIR, `${name}.br`)))).toBe(true);
    expect(zlib.brotliDecompressSync(br.body).equals(original)).toBe(true);

    const gz = await rawGet(baseUrl(), url, { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toContain('immutable');
    expect(zlib.gunzipSync(gz.body).equals(original)).toBe(true);

    // brotli is preferred when both are accepted
    const both = await rawGet(baseUrl(), url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(both.headers['content-encoding']).toBe('br');

    const plain = await rawGet(baseUrl(), url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-length']).toBe(String(original.length));
    expect(plain.body.equals(original)).toBe(true);
  });

  it('gzips a rendered page for a client that accepts gzip, and not for one that does not', async () => {
    const gz = await rawGet(baseUrl(), '/auth/login', { 'accept-encoding': 'gzip' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-type']).toMatch(/^text\/html/);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString('utf8')).toContain('<html');

    const plain = await rawGet(baseUrl(), '/auth/login');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toContain('<html');
  });
});

describe('paths out of the served folders', () => {
  const pkg = fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8');
  const server = fs.readFileSync(path.join(ROOT, 'src/server.ts'), 'utf8');

  it.each([
    '/_astro/../../package.json',
    '/uploads/../package.json',
    '/%2e%2e/package.json',
    '/%2e%2e/%2e%2e/package.json',
    '/_astro/..%2f..%2f..%2fpackage.json',
    '/_astro/%2e%2e%2f%2e%2e%2fpackage.json',
    '/uploads/..%2f..%2f..%2fpackage.json',
    '/..%5c..%5cpackage.json',
    '/_astro/../../src/server.ts',
    '/%2e%2e/%2e%2e/src/server.ts',
    '//work/main/package.json',
  ])('GET %s does not return the file', async (pathname) => {
    for (const headers of [{}, { 'accept-encoding': 'gzip, br' }] as Record<string, string>[]) {
      const res = await rawGet(baseUrl(), pathname, headers);
      const body =
        res.headers['content-encoding'] === 'gzip'
          ? zlib.gunzipSync(res.body).toString('utf8')
          : res.headers['content-encoding'] === 'br'
            ? zlib.brotliDecompressSync(res.body).toString('utf8')
            : res.body.toString('utf8');
      expect(res.status).not.toBe(200);
      expect(body).not.toContain('"allowScripts"');
      expect(body).not.toContain(pkg.slice(0, 60));
      expect(body).not.toContain(server.slice(0, 60));
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('socket.io at /ws', () => {
  let socket: Socket | undefined;
  afterEach(() => {
    socket?.disconnect();
    socket = undefined;
  });

  const connect = (auth?: { token: string }) =>
    new Promise<{ connected: true } | { error: Error }>((resolve) => {
      socket = io(baseUrl(), { path: '/ws', transports: ['websocket'], auth, reconnection: false, timeout: 10_000 });
      socket.once('connect', () => resolve({ connected: true }));
      socket.once('connect_error', (error) => resolve({ error }));
    });

  it('refuses a connection without a token with error.common.unauthorized', async () => {
    const result = await connect();
    expect(result).toHaveProperty('error');
    expect((result as { error: Error }).error.message).toBe('error.common.unauthorized');
    expect(socket!.connected).toBe(false);
  });

  it('refuses a forged token the same way', async () => {
    const result = await connect({ token: 'not-a-token' });
    expect((result as { error: Error }).error?.message).toBe('error.common.unauthorized');
  });

  it('accepts a signed-in user with their access token', async () => {
    const { client } = await signUp();
    expect(client.token).toEqual(expect.any(String));
    const result = await connect({ token: client.token! });
    expect(result).toEqual({ connected: true });
    expect(socket!.connected).toBe(true);
  });
});
