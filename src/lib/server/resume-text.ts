/**
 * The plain text of a résumé file, for resume-parse.ts (docs/decisions/0023): PDF through unpdf
 * (Mozilla's pdf.js), DOCX through mammoth. The old binary .doc is not read: no maintained
 * pure-JavaScript library reads it, so such a file is attached but fills nothing.
 *
 * A hostile file is bounded: at most MAX_PAGES pages and MAX_TEXT characters are read, a DOCX
 * whose ZIP declares more than MAX_DOCX_UNPACKED bytes is not opened, and the whole reading
 * gives up after READ_TIMEOUT_MS.
 */
import { getDocumentProxy } from 'unpdf';
import mammoth from 'mammoth';
import { MAX_TEXT } from '../resume-parse.ts';

export const MAX_PAGES = 10;
export const MAX_DOCX_UNPACKED = 40 * 1024 * 1024;
export const READ_TIMEOUT_MS = 15_000;

export type ResumeText = { text: string } | { unreadable: 'doc' | 'damaged' | 'too_large' | 'timeout' };

/** The uncompressed sizes a ZIP's central directory declares, added up; undefined if it has none. */
export function zipUnpackedSize(bytes: Buffer): number | undefined {
  // the end-of-central-directory record lies in the last 64 KiB + 22 bytes
  const from = Math.max(0, bytes.length - 65_557);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < from || end + 22 > bytes.length) return undefined;
  const entries = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  let total = 0;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return undefined;
    total += bytes.readUInt32LE(at + 24);
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return total;
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  try {
    let text = '';
    const pages = Math.min(pdf.numPages, MAX_PAGES);
    for (let n = 1; n <= pages && text.length < MAX_TEXT; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\n' : '');
        if (text.length >= MAX_TEXT) break;
      }
      text += '\n';
      page.cleanup();
    }
    return text.slice(0, MAX_TEXT);
  } finally {
    // the proxy frees the worker-side document (pdf.js names it cleanup on the proxy)
    await pdf.cleanup();
  }
}

async function docxText(bytes: Buffer): Promise<string> {
  const unpacked = zipUnpackedSize(bytes);
  if (unpacked === undefined) throw new Error('damaged');
  if (unpacked > MAX_DOCX_UNPACKED) throw new Error('too_large');
  const { value } = await mammoth.extractRawText({ buffer: bytes });
  return value.slice(0, MAX_TEXT);
}

/** The text of a stored résumé of `kind` (uploads.ts resumeKind); never throws. */
export async function resumeText(bytes: Buffer, kind: 'pdf' | 'doc' | 'docx'): Promise<ResumeText> {
  if (kind === 'doc') return { unreadable: 'doc' };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<ResumeText>((resolve) => {
    timer = setTimeout(() => resolve({ unreadable: 'timeout' }), READ_TIMEOUT_MS);
  });
  const read = (kind === 'pdf' ? pdfText(bytes) : docxText(bytes)).then(
    (text): ResumeText => ({ text }),
    (error: unknown): ResumeText => ({ unreadable: error instanceof Error && error.message === 'too_large' ? 'too_large' : 'damaged' }),
  );
  try {
    return await Promise.race([read, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
