/**
 * The plain text of a résumé file, for resume-parse.ts (docs/decisions/0023): PDF through unpdf
 * (Mozilla's pdf.js), DOCX through mammoth. The old binary .doc is not read: no maintained
 * pure-JavaScript library reads it, so such a file is attached but fills nothing.
 *
 * A hostile file is bounded: the reading runs in a worker thread with its own memory limit, one
 * file at a time, and the worker is ended after READ_TIMEOUT_MS whatever it is doing (a time
 * limit in the main thread could not stop a synchronous loop inside pdf.js); at most MAX_PAGES
 * pages and MAX_TEXT characters are read, and a DOCX whose ZIP declares more than
 * MAX_DOCX_UNPACKED bytes is not opened.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { MAX_TEXT } from '../resume-parse.ts';

export const MAX_PAGES = 10;
export const MAX_DOCX_UNPACKED = 40 * 1024 * 1024;
export const READ_TIMEOUT_MS = 15_000;
const WORKER_MEMORY_MB = 256;

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

/*
 * The worker's code, as CommonJS text: the server's bundle keeps no file of its own for it, and
 * the libraries are handed over as resolved paths (they are not bundled, see astro.config).
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { maxPages, maxText, paths } = workerData;
const { getDocumentProxy } = require(paths.unpdf);
const mammoth = require(paths.mammoth);
async function pdfText(bytes) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { disableFontFace: true, useSystemFonts: false, stopAtErrors: false });
  try {
    let text = '';
    const pages = Math.min(pdf.numPages, maxPages);
    for (let n = 1; n <= pages && text.length < maxText; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str + (item.hasEOL ? '\\n' : '');
        if (text.length >= maxText) break;
      }
      text += '\\n';
    }
    return text;
  } finally {
    await pdf.cleanup();
  }
}
async function docxText(bytes) {
  return (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
}
parentPort.on('message', ({ id, bytes, kind }) => {
  (kind === 'pdf' ? pdfText(bytes) : docxText(bytes)).then(
    (text) => parentPort.postMessage({ id, text: text.slice(0, maxText) }),
    () => parentPort.postMessage({ id, unreadable: 'damaged' }),
  );
});
`;

/** A worker reads this many files, then a fresh one takes over: nothing piles up in one. */
const JOBS_PER_WORKER = 50;

interface Reader {
  worker: Worker;
  jobs: number;
  pending: Map<number, (answer: ResumeText) => void>;
}

let reader: Reader | undefined;
let nextId = 0;
/** One file at a time: the worker's memory limit is one file's. */
let queue: Promise<unknown> = Promise.resolve();

function startReader(): Reader {
  const require = createRequire(import.meta.url);
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { maxPages: MAX_PAGES, maxText: MAX_TEXT, paths: { unpdf: require.resolve('unpdf'), mammoth: require.resolve('mammoth') } },
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    stdout: true,
    stderr: true,
  });
  const started: Reader = { worker, jobs: 0, pending: new Map() };
  worker.on('message', (answer: { id: number } & ResumeText) => {
    started.pending.get(answer.id)?.('text' in answer && typeof answer.text === 'string' ? { text: answer.text } : { unreadable: 'damaged' });
    started.pending.delete(answer.id);
  });
  // out of memory, or a crash inside a library: what it was reading is damaged, the next file gets a new worker
  const end = () => {
    if (reader === started) reader = undefined;
    for (const resolve of started.pending.values()) resolve({ unreadable: 'damaged' });
    started.pending.clear();
  };
  worker.on('error', end);
  worker.on('exit', end);
  worker.unref();
  return started;
}

function read(bytes: Buffer, kind: 'pdf' | 'docx', timeoutMs: number): Promise<ResumeText> {
  if (!reader || reader.jobs >= JOBS_PER_WORKER) {
    if (reader) void reader.worker.terminate();
    reader = startReader();
  }
  const current = reader;
  current.jobs++;
  const id = nextId++;
  return new Promise<ResumeText>((resolve) => {
    const timer = setTimeout(() => {
      // a file that keeps pdf.js busy ends with its worker
      current.pending.delete(id);
      if (reader === current) reader = undefined;
      void current.worker.terminate();
      resolve({ unreadable: 'timeout' });
    }, timeoutMs);
    current.pending.set(id, (answer) => {
      clearTimeout(timer);
      resolve(answer);
    });
    current.worker.postMessage({ id, bytes, kind });
  });
}

/** The text of a stored résumé of `kind` (uploads.ts resumeKind); never throws. */
export async function resumeText(bytes: Buffer, kind: 'pdf' | 'doc' | 'docx', { timeoutMs = READ_TIMEOUT_MS } = {}): Promise<ResumeText> {
  if (kind === 'doc') return { unreadable: 'doc' };
  if (kind === 'docx') {
    const unpacked = zipUnpackedSize(bytes);
    if (unpacked === undefined) return { unreadable: 'damaged' };
    if (unpacked > MAX_DOCX_UNPACKED) return { unreadable: 'too_large' };
  }
  const answer = queue.then(() => read(bytes, kind, timeoutMs));
  queue = answer.catch(() => undefined);
  return answer;
}
