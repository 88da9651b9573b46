/**
 * Where stored files live (issue 16, docs/decisions/0032): on disk under DATA_DIR by default,
 * or, with S3_URL, in an S3-compatible object store through the AWS SDK, so that several
 * processes on several machines see the same files. Three areas: `uploads` (photos, public by
 * their unguessable names), `resumes` (served only after an access check) and `exports` (a
 * candidate's copy of their data, behind a token). Names are the random ones the services
 * make; this module never sees a name a client chose.
 */
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { env } from './env.ts';
import { singleton } from './singleton.ts';

export type Area = 'uploads' | 'resumes' | 'exports';

export interface StoredFile {
  body: Readable;
  size?: number;
}

export interface Storage {
  readonly kind: 'disk' | 's3';
  /** Stores new bytes under a new random name (on disk an existing name fails). */
  put(area: Area, name: string, bytes: Buffer, type: string): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  read(area: Area, name: string): Promise<Buffer<ArrayBuffer> | undefined>;
  /** A stream of the file, or undefined when there is no such file. */
  open(area: Area, name: string): Promise<StoredFile | undefined>;
  /** Deletes the file; a missing one is no error. */
  remove(area: Area, name: string): Promise<void>;
}

function diskStorage(dataDir: string): Storage {
  const file = (area: Area, name: string) => path.join(dataDir, area, path.basename(name));
  return {
    kind: 'disk',
    async put(area, name, bytes) {
      await fsp.mkdir(path.join(dataDir, area), { recursive: true });
      await fsp.writeFile(file(area, name), bytes, { flag: 'wx' });
    },
    async read(area, name) {
      return fsp.readFile(file(area, name)).catch(() => undefined);
    },
    async open(area, name) {
      const stat = await fsp.stat(file(area, name)).catch(() => undefined);
      if (!stat?.isFile()) return undefined;
      return { body: fs.createReadStream(file(area, name)), size: stat.size };
    },
    async remove(area, name) {
      await fsp.rm(file(area, name), { force: true });
    },
  };
}

export interface S3Location {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Path-style addressing (host/bucket/key): what MinIO and most stores other than AWS expect. */
  forcePathStyle: boolean;
}

/**
 * `S3_URL=https://ACCESS_KEY:SECRET_KEY@host[:port]/bucket[?region=eu-central-1&style=virtual]`:
 * the keys percent-encoded, the region `us-east-1` when not given, path-style addressing unless
 * `style=virtual`.
 */
export function parseS3Url(value: string): S3Location {
  const url = new URL(value);
  const bucket = decodeURIComponent(url.pathname.replace(/^\/+|\/+$/g, ''));
  if (!bucket || bucket.includes('/')) throw new Error('S3_URL must name one bucket as its path');
  if (!url.username || !url.password) throw new Error('S3_URL must carry the access key and secret as user and password');
  return {
    endpoint: `${url.protocol}//${url.host}`,
    bucket,
    region: url.searchParams.get('region') || 'us-east-1',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
    forcePathStyle: url.searchParams.get('style') !== 'virtual',
  };
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

async function s3Storage(location: S3Location): Promise<Storage> {
  // loaded only when configured: the SDK is a large graph a disk-only process never needs
  const { S3Client, PutObjectCommand, GetObjectCommand, DeleteObjectCommand } = await import('@aws-sdk/client-s3');
  const client: S3Client = new S3Client({
    endpoint: location.endpoint,
    region: location.region,
    forcePathStyle: location.forcePathStyle,
    credentials: { accessKeyId: location.accessKeyId, secretAccessKey: location.secretAccessKey },
  });
  const Bucket = location.bucket;
  const key = (area: Area, name: string) => `${area}/${path.basename(name)}`;
  const open = async (area: Area, name: string): Promise<StoredFile | undefined> => {
    try {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: key(area, name) }));
      return { body: object.Body as Readable, size: object.ContentLength };
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  };
  return {
    kind: 's3',
    async put(area, name, bytes, type) {
      // no If-None-Match: not every S3-compatible store knows it, and 18 random bytes do not collide
      await client.send(new PutObjectCommand({ Bucket, Key: key(area, name), Body: bytes, ContentType: type }));
    },
    async read(area, name) {
      const file = await open(area, name);
      if (!file) return undefined;
      const chunks: Buffer[] = [];
      for await (const chunk of file.body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks) as Buffer<ArrayBuffer>;
    },
    open,
    async remove(area, name) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key(area, name) }));
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    },
  };
}

/** The process's store, chosen by S3_URL once. */
export function storage(): Promise<Storage> {
  return singleton('storage', async () => {
    const { S3_URL, DATA_DIR } = env();
    return S3_URL ? s3Storage(parseS3Url(S3_URL)) : diskStorage(DATA_DIR);
  });
}
