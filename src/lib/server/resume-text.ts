/**
 * The plain text of a résumé file, for resume-parse.ts (docs/decisions/0023): PDF through unpdf
 * (Mozilla's pdf.js), DOCX through mammoth. The old binary .doc is not read: no maintained
 * pure-JavaScript library reads it, so such a file is attached but fills nothing.
 *
 * A hostile file is bounded: the reading runs in a child process with its own memory limit, one
 * file at a time, and the child is killed after READ_TIMEOUT_MS whatever it is doing (a time
 * limit in the main thread could not stop a synchronous loop inside pdf.js); at most MAX_PAGES
 * pages and MAX_TEXT characters are read, and a DOCX whose ZIP declares or really unpacks to
 * more than MAX_DOCX_UNPACKED bytes is not opened.
 *
 * A process, not a worker thread: terminating a worker while pdf.js was opening a zlib stream
 * hit a native assertion in Node ("close before init"), which aborts the whole process, server
 * and all. A killed child takes nothing with it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { MAX_TEXT } from '../resume-parse.ts';

export const MAX_PAGES = 10;
export const MAX_DOCX_UNPACKED = 40 * 1024 * 1024;
export const READ_TIMEOUT_MS = 15_000;
const READER_MEMORY_MB = 256;

export type ResumeText = { text: string } | { unreadable: 'doc' | 'damaged' | 'too_large' | 'timeout' | 'busy' };

interface ZipEntry {
  method: number;
  packed: number;
  /** The size the entry declares: the sender's word. */
  declared: number;
  local: number;
}

/** The entries of a ZIP's central directory; undefined for a ZIP without a readable one. */
function zipEntries(bytes: Buffer): ZipEntry[] | undefined {
  // the end-of-central-directory record lies in the last 64 KiB + 22 bytes
  const from = Math.max(0, bytes.length - 65_557);
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < from || end + 22 > bytes.length) return undefined;
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) return undefined;
    entries.push({ method: bytes.readUInt16LE(at + 10), packed: bytes.readUInt32LE(at + 20), declared: bytes.readUInt32LE(at + 24), local: bytes.readUInt32LE(at + 42) });
    at += 46 + bytes.readUInt16LE(at + 28) + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return entries;
}

/** The uncompressed sizes a ZIP's central directory declares, added up; undefined if it has none. */
export function zipUnpackedSize(bytes: Buffer): number | undefined {
  return zipEntries(bytes)?.reduce((total, entry) => total + entry.declared, 0);
}

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * What a ZIP's entries really unpack to, up to `cap`: Infinity past it, undefined for a ZIP that
 * is not one. The sizes a ZIP declares are the sender's word: a 3 MB DOCX declaring 1,000 bytes
 * unpacked to 3 GB inside the reader, whose heap limit does not cover the buffers its ZIP library
 * writes (attack review, ninth session). Inflated in the thread pool, one file at a time.
 */
export async function zipInflatedSize(bytes: Buffer, cap: number): Promise<number | undefined> {
  const entries = zipEntries(bytes);
  if (!entries) return undefined;
  let total = 0;
  for (const { method, packed, local } of entries) {
    if (local + 30 > bytes.length || bytes.readUInt32LE(local) !== 0x04034b50) return undefined;
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    if (start + packed > bytes.length) return undefined;
    const data = bytes.subarray(start, start + packed);
    if (method === 0) total += packed;
    else if (method === 8) {
      try {
        total += (await inflateRaw(data, { maxOutputLength: Math.max(1, cap - total + 1) })).length;
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return Infinity;
        return undefined;
      }
    } else return undefined;
    if (total > cap) return Infinity;
  }
  return total;
}

/*
 * The reader's code, as CommonJS text: the server's bundle keeps no file of its own for it, and
 * the libraries are handed over as resolved paths (they are not bundled, see astro.config).
 */
const READER = `
const { maxPages, maxText, paths } = JSON.parse(process.env.RESUME_READER);
const { getDocumentProxy } = require(paths.unpdf);
const mammoth = require(paths.mammoth);
const answer = (message) => process.connected && process.send(message);
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
process.on('message', ({ id, bytes, kind }) => {
  (kind === 'pdf' ? pdfText(bytes) : docxText(bytes)).then(
    (text) => answer({ id, text: text.slice(0, maxText) }),
    () => answer({ id, unreadable: 'damaged' }),
  );
});
// the server gone, the reader goes too
process.on('disconnect', () => process.exit(0));
`;

/** A reader reads this many files, then a fresh one takes over: nothing piles up in one. */
const JOBS_PER_READER = 50;

interface Reader {
  child: ChildProcess;
  jobs: number;
  pending: Map<number, (answer: ResumeText) => void>;
}

let reader: Reader | undefined;
let nextId = 0;
/** One file at a time: the reader's memory limit is one file's. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Files waiting or being read, in all and per owner (a space). A file may hold the reader for
 * its whole timeout: without these, one space's uploads queued minutes ahead of everyone's
 * (and their bytes in memory); past them a file is stored but not read ('busy').
 */
export const MAX_WAITING = 8;
export const MAX_WAITING_PER_OWNER = 2;
let waiting = 0;
const waitingBy = new Map<string, number>();

function startReader(): Reader {
  const require = createRequire(import.meta.url);
  const settings = { maxPages: MAX_PAGES, maxText: MAX_TEXT, paths: { unpdf: require.resolve('unpdf'), mammoth: require.resolve('mammoth') } };
  // nothing of the server's environment (its database address, its secrets) is the reader's business
  const child = spawn(process.execPath, [`--max-old-space-size=${READER_MEMORY_MB}`, '-e', READER], {
    stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    serialization: 'advanced',
    env: { RESUME_READER: JSON.stringify(settings) },
  });
  const started: Reader = { child, jobs: 0, pending: new Map() };
  child.on('message', (answer: { id: number } & ResumeText) => {
    started.pending.get(answer.id)?.('text' in answer && typeof answer.text === 'string' ? { text: answer.text } : { unreadable: 'damaged' });
    started.pending.delete(answer.id);
  });
  // out of memory, or a crash inside a library: what it was reading is damaged, the next file gets a new reader
  const end = () => {
    if (reader === started) reader = undefined;
    for (const resolve of started.pending.values()) resolve({ unreadable: 'damaged' });
    started.pending.clear();
  };
  child.on('error', end);
  child.on('exit', end);
  // an idle reader keeps no process (a test run, a CLI) from exiting
  child.unref();
  child.channel?.unref();
  return started;
}

function read(bytes: Buffer, kind: 'pdf' | 'docx', timeoutMs: number): Promise<ResumeText> {
  if (!reader || reader.jobs >= JOBS_PER_READER) {
    if (reader) reader.child.kill('SIGKILL');
    reader = startReader();
  }
  const current = reader;
  current.jobs++;
  const id = nextId++;
  return new Promise<ResumeText>((resolve) => {
    const timer = setTimeout(() => {
      // a file that keeps pdf.js busy ends with its reader
      current.pending.delete(id);
      if (reader === current) reader = undefined;
      current.child.kill('SIGKILL');
      resolve({ unreadable: 'timeout' });
    }, timeoutMs);
    current.pending.set(id, (answer) => {
      clearTimeout(timer);
      // a file its libraries failed on may have left them holding memory: the next gets a new reader
      if (!('text' in answer) && reader === current) {
        reader = undefined;
        current.child.kill('SIGKILL');
      }
      resolve(answer);
    });
    // a reader that cannot be written to has ended (its exit answers 'damaged')
    current.child.send({ id, bytes, kind }, (error) => {
      if (error) current.child.kill('SIGKILL');
    });
  });
}

/** The text of a stored résumé of `kind` (uploads.ts resumeKind), read in `owner`'s turn; never throws. */
export async function resumeText(bytes: Buffer, kind: 'pdf' | 'doc' | 'docx', { timeoutMs = READ_TIMEOUT_MS, owner = '' } = {}): Promise<ResumeText> {
  if (kind === 'doc') return { unreadable: 'doc' };
  if (kind === 'docx') {
    const unpacked = zipUnpackedSize(bytes);
    if (unpacked === undefined) return { unreadable: 'damaged' };
    if (unpacked > MAX_DOCX_UNPACKED) return { unreadable: 'too_large' };
  }
  const mine = waitingBy.get(owner) ?? 0;
  if (waiting >= MAX_WAITING || mine >= MAX_WAITING_PER_OWNER) return { unreadable: 'busy' };
  waiting++;
  waitingBy.set(owner, mine + 1);
  const answer = queue.then(async (): Promise<ResumeText> => {
    if (kind === 'docx') {
      const inflated = await zipInflatedSize(bytes, MAX_DOCX_UNPACKED);
      if (inflated === undefined) return { unreadable: 'damaged' };
      if (inflated > MAX_DOCX_UNPACKED) return { unreadable: 'too_large' };
    }
    return read(bytes, kind, timeoutMs);
  });
  queue = answer.catch(() => undefined);
  try {
    return await answer;
  } finally {
    waiting--;
    const left = (waitingBy.get(owner) ?? 1) - 1;
    if (left > 0) waitingBy.set(owner, left);
    else waitingBy.delete(owner);
  }
}
