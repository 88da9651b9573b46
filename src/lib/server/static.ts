import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Storage, StoredFile } from './storage.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Which precompressed twin (made at build time) the client accepts, best first. */
function encodings(req: IncomingMessage): ('br' | 'gzip')[] {
  const accepted = String(req.headers['accept-encoding'] ?? '');
  const list: ('br' | 'gzip')[] = [];
  if (/\bbr\b/.test(accepted)) list.push('br');
  if (/\bgzip\b/.test(accepted)) list.push('gzip');
  return list;
}

function fileIn(dir: string, urlPath: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const file = path.join(dir, path.normalize(decoded));
  if (!file.startsWith(dir + path.sep)) return undefined;
  try {
    return fs.statSync(file).isFile() ? file : undefined;
  } catch {
    return undefined;
  }
}

function send(req: IncomingMessage, res: ServerResponse, file: string, cacheControl: string, compressible: boolean) {
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  let served = file;
  const headers: Record<string, string> = {
    'content-type': type,
    'cache-control': cacheControl,
    'x-content-type-options': 'nosniff',
  };
  if (compressible) {
    headers.vary = 'Accept-Encoding';
    for (const encoding of encodings(req)) {
      const twin = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
      if (fs.existsSync(twin)) {
        served = twin;
        headers['content-encoding'] = encoding;
        break;
      }
    }
  }
  const stat = fs.statSync(served);
  headers['content-length'] = String(stat.size);
  headers['last-modified'] = stat.mtime.toUTCString();
  res.writeHead(200, headers);
  if (req.method === 'HEAD') return void res.end();
  fs.createReadStream(served).pipe(res);
}

/** An uploaded image from an object store (storage.ts): its names never change, so cached for a year. */
async function sendStored(req: IncomingMessage, res: ServerResponse, next: () => void, store: Storage, name: string) {
  let file: StoredFile | undefined;
  try {
    file = await store.open('uploads', name);
  } catch {
    // the store is unreachable: the photo is missing from the page, the page still works
    res.writeHead(503, { 'cache-control': 'no-store', 'retry-after': '10' });
    return void res.end();
  }
  if (!file) return next();
  res.writeHead(200, {
    'content-type': TYPES[path.extname(name)] ?? 'application/octet-stream',
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
    ...(file.size !== undefined ? { 'content-length': String(file.size) } : {}),
  });
  if (req.method === 'HEAD') {
    file.body.destroy();
    return void res.end();
  }
  file.body.on('error', () => res.destroy());
  file.body.pipe(res);
}

/**
 * Serves the build's client files (hashed ones under /_astro cached for a year) and the
 * uploaded images under /uploads, from disk or from the object store; anything else goes to
 * `next`.
 */
export function createStaticHandler({ clientDir, uploadsDir, store }: { clientDir: string; uploadsDir: string; store?: Storage }) {
  return (req: IncomingMessage, res: ServerResponse, next: () => void) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const urlPath = (req.url ?? '/').split('?')[0]!;
    if (urlPath.startsWith('/uploads/')) {
      const name = urlPath.slice('/uploads/'.length);
      // only the flat, unguessable image names of the upload service are served here
      if (!/^[A-Za-z0-9_-]{16,}\.(webp|jpg|png)$/.test(name)) return next();
      if (store?.kind === 's3') return void sendStored(req, res, next, store, name);
      const file = fileIn(uploadsDir, name);
      if (!file) return next();
      return send(req, res, file, 'public, max-age=31536000, immutable', false);
    }
    if (urlPath === '/' || urlPath.endsWith('/')) return next();
    const file = fileIn(clientDir, urlPath);
    if (!file || file.endsWith('.br') || file.endsWith('.gz')) return next();
    const immutable = urlPath.startsWith('/_astro/');
    const compressible = /\.(js|mjs|css|svg|json|txt|webmanifest)$/.test(file);
    send(req, res, file, immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600', compressible);
  };
}
