/**
 * Uploaded files, in the store of storage.ts (DATA_DIR/uploads, or an object store): the content decides what a file is
 * (magic bytes, never its name or declared type), names are random, and images are re-encoded
 * with sharp, which drops every piece of metadata (EXIF, GPS, XMP) on the way.
 */
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import sharp, { type Sharp } from 'sharp';
import { storage } from './storage.ts';
import { audit } from './audit.ts';
import { getDb } from './db/index.ts';
import { AppError, notFound, readBody } from './http.ts';
import { Slots } from './slots.ts';

import { MAX_UPLOAD_BYTES } from '../schemas/upload.ts';
import { FORM_OVERHEAD_BYTES, UPLOAD_BODY_LIMIT_BYTES } from './body-limits.ts';

export { MAX_UPLOAD_BYTES };
export { FORM_OVERHEAD_BYTES, UPLOAD_BODY_LIMIT_BYTES };
/** Decoded size limit against decompression bombs (a tiny file that claims a huge canvas). */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** The names the upload service writes, and the only ones /uploads serves (see static.ts). */
export const UPLOAD_NAME = /^[A-Za-z0-9_-]{16,}\.(webp|jpg|png)$/;

const notAnImage = () => new AppError(415, 'error.upload.not_an_image');

/**
 * Upload bodies being received at once, in all and per sender. A body is held in memory until it
 * is read whole (about three copies of up to 10 MB on the way to a form): without a cap, 150
 * posts at once held 2.4 GB and starved every other request of the database pool (attack review,
 * ninth session). A sender past their share, or anyone past the total, is told to try again.
 */
export const MAX_UPLOADS_RECEIVING = 8;
export const MAX_UPLOADS_RECEIVING_PER_SENDER = 2;
const receiving = new Slots(MAX_UPLOADS_RECEIVING, MAX_UPLOADS_RECEIVING_PER_SENDER);

/**
 * Reads a (multipart) upload form of at most the upload limit plus the form's overhead, for
 * `sender` (a person's id, or a client's address bucket for the public form).
 */
export async function readUploadForm(
  request: Request,
  { limit = UPLOAD_BODY_LIMIT_BYTES, tooLargeKey = 'error.upload.image_too_large', sender = '' }: { limit?: number; tooLargeKey?: string; sender?: string } = {},
): Promise<Record<string, unknown>> {
  const release = receiving.take(sender);
  if (typeof release !== 'function') {
    void request.body?.cancel().catch(() => {});
    throw new AppError(503, 'error.upload.busy');
  }
  try {
    return await readBody(request, { limit, tooLargeKey });
  } finally {
    release();
  }
}

type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'heif' | 'tiff' | 'bmp';

/** The image type the first bytes announce; sharp's format names. */
export function imageKind(bytes: Uint8Array): ImageKind | undefined {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString('latin1');
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (ascii(0, 8) === '\x89PNG\r\n\x1a\n') return 'png';
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return 'gif';
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp';
  // AVIF and HEIC: an ISO-BMFF `ftyp` box with an image brand (sharp's build decodes AVIF, not HEVC)
  if (ascii(4, 8) === 'ftyp' && /^(avif|avis|heic|heix|heim|heis|hevc|hevx|mif1|msf1)$/.test(ascii(8, 12))) return 'heif';
  if (ascii(0, 4) === 'II*\0' || ascii(0, 4) === 'MM\0*') return 'tiff';
  if (ascii(0, 2) === 'BM') return 'bmp';
  return undefined;
}

/**
 * The BMP that Paint and most tools write (uncompressed, 24 or 32 bits per pixel) as raw RGB,
 * since sharp's libvips build reads no BMP at all. Palette and compressed variants are refused.
 */
function decodeBmp(b: Buffer): { data: Buffer; width: number; height: number } {
  if (b.length < 54) throw notAnImage();
  const offset = b.readUInt32LE(10);
  const width = b.readInt32LE(18);
  const signedHeight = b.readInt32LE(22); // positive: rows stored bottom-up
  const bits = b.readUInt16LE(28);
  const height = Math.abs(signedHeight);
  if (b.readUInt32LE(14) < 40 || width <= 0 || height === 0 || (bits !== 24 && bits !== 32) || b.readUInt32LE(30) !== 0) {
    throw notAnImage();
  }
  const step = bits / 8;
  const stride = Math.ceil((width * step) / 4) * 4;
  if (offset + stride * height > b.length) throw notAnImage();
  const data = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    const row = offset + (signedHeight > 0 ? height - 1 - y : y) * stride;
    for (let x = 0; x < width; x++) {
      const from = row + x * step;
      const to = (y * width + x) * 3;
      data[to] = b[from + 2]!;
      data[to + 1] = b[from + 1]!;
      data[to + 2] = b[from]!;
    }
  }
  return { data, width, height };
}

/** Decodes, turns upright by EXIF, crops to a `size` square and re-encodes as metadata-free WebP. */
async function toWebp(bytes: Buffer, kind: ImageKind, size: number): Promise<Buffer> {
  let image: Sharp;
  try {
    if (kind === 'bmp') {
      const bmp = decodeBmp(bytes);
      image = sharp(bmp.data, { raw: { width: bmp.width, height: bmp.height, channels: 3 } });
    } else {
      image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error', autoOrient: true });
      const meta = await image.metadata();
      // libvips sniffs the content too: both must agree on what the file is
      if (meta.format !== kind) throw notAnImage();
    }
    return await image.resize(size, size, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch (error) {
    if (error instanceof AppError) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw new AppError(413, 'error.upload.image_too_many_pixels');
    throw notAnImage();
  }
}

/**
 * Stores an uploaded image as a `size`×`size` WebP under a random name and returns the name.
 * 400 without a file, 413 above 10 MB or 50 megapixels, 415 for anything that is not an image.
 */
export async function saveImage(file: unknown, { size }: { size: number }): Promise<string> {
  // an empty part is what a browser sends for a file input left empty
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, 'error.upload.file_required', { file: 'error.upload.file_required' });
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, 'error.upload.image_too_large');
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = imageKind(bytes);
  if (!kind) throw notAnImage();
  const output = await toWebp(bytes, kind, size);
  const name = `${crypto.randomBytes(18).toString('base64url')}.webp`;
  await (await storage()).put('uploads', name, output, 'image/webp');
  return name;
}

/** Deletes a stored upload by its plain name; anything else (a path, a URL) or a missing file is ignored. */
export async function removeUpload(name: string | null | undefined): Promise<void> {
  if (!name || !UPLOAD_NAME.test(name)) return;
  await (await storage()).remove('uploads', name);
}

/** Resumes are personal data: kept outside /uploads and served only through an access check. */
export const RESUME_NAME = /^[A-Za-z0-9_-]{16,}\.(pdf|doc|docx)$/;

/**
 * What a resume really is, by its bytes: PDF, the old Word format (an OLE compound file) or
 * .docx (a ZIP holding word/document.xml). A renamed .exe is none of them.
 */
export function resumeKind(bytes: Buffer): 'pdf' | 'doc' | 'docx' | undefined {
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (bytes.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) return 'doc';
  if (bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && bytes.includes(Buffer.from('word/'))) return 'docx';
  return undefined;
}

export const RESUME_TYPES = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
} as const;

/** Stores a resume under a random name; 415 unless its content is a .pdf, .doc or .docx. */
export async function saveResume(file: unknown): Promise<{ name: string; original: string; kind: 'pdf' | 'doc' | 'docx'; bytes: Buffer }> {
  if (!(file instanceof File) || file.size === 0) throw new AppError(400, 'error.upload.file_required', { file: 'error.upload.file_required' });
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError(413, 'error.upload.resume_too_large');
  const bytes = Buffer.from(await file.arrayBuffer());
  const kind = resumeKind(bytes);
  if (!kind) throw new AppError(415, 'error.upload.not_a_resume');
  const name = `${crypto.randomBytes(18).toString('base64url')}.${kind}`;
  await (await storage()).put('resumes', name, bytes, RESUME_TYPES[kind]);
  return { name, original: resumeFileName(file.name, kind), kind, bytes };
}

/**
 * The name a résumé is saved and downloaded under: the sender's, without path separators, control
 * or direction characters (a right-to-left override shows "CV_exe.pdf" for "CV_fdp.exe"), and
 * always ending in the type its content was found to be: a stranger's "Invoice.msi" that passed
 * as an OLE .doc downloads as "Invoice.doc", never as an installer (attack review, ninth session).
 */
export function resumeFileName(sent: string, kind: 'pdf' | 'doc' | 'docx'): string {
  const clean = sent.replace(/[\u200e\u200f\u061c\u202a-\u202e\u2066-\u2069]/g, '').replace(/[\\/\x00-\x1f\x7f"]/g, '_').trim();
  const stem = clean.replace(/\.[A-Za-z0-9]{1,10}$/, '').slice(0, 190) || 'resume';
  return stem.toLowerCase().endsWith(`.${kind}`) ? stem : `${stem}.${kind}`;
}

export async function removeResume(name: string | null | undefined): Promise<void> {
  if (!name || !RESUME_NAME.test(name)) return;
  await (await storage()).remove('resumes', name);
}

/**
 * A stored résumé as a download, for whoever passed its access check (the candidate's viewers,
 * or a live shortlist link, read by `reader`): never cached, never under /uploads, always logged.
 */
export async function resumeResponse(
  candidate: { id: string; spaceId: string; resume: string | null; resumeName: string | null },
  reader: string,
): Promise<Response> {
  if (!candidate.resume || !RESUME_NAME.test(candidate.resume)) throw notFound();
  const file = await (await storage()).open('resumes', candidate.resume);
  if (!file) throw notFound();
  // every read of a résumé is in the space's log (docs/decisions/0025)
  await audit(await getDb(), { spaceId: candidate.spaceId, actor: { kind: 'user', user: { id: reader } }, action: 'resume_read', candidateId: candidate.id });
  const kind = candidate.resume.split('.').pop() as keyof typeof RESUME_TYPES;
  const filename = resumeFileName(candidate.resumeName ?? '', kind);
  // streamed from the store: neither the process nor the reader waits for the whole file
  return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
    headers: {
      ...(file.size !== undefined ? { 'content-length': String(file.size) } : {}),
      'content-type': RESUME_TYPES[kind],
      'content-disposition': `attachment; filename="resume.${kind}"; filename*=UTF-8''${encodeURIComponent(filename)}`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}
