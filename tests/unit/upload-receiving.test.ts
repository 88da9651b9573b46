/**
 * Upload bodies received at once (attack review, ninth session): each is held in memory until it
 * is read whole, so a cap in all and per sender keeps a flood of 10 MB posts from the heap and
 * from everyone else's requests.
 */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/server/http.ts';
import { MAX_UPLOADS_RECEIVING, MAX_UPLOADS_RECEIVING_PER_SENDER, readUploadForm } from '../../src/lib/server/uploads.ts';

/** A multipart post whose body arrives when `finish` is called. */
function slowPost() {
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n'));
      finish = () => {
        controller.enqueue(new TextEncoder().encode('--x--\r\n'));
        controller.close();
      };
    },
  });
  const request = new Request('http://localhost/upload', { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=x' }, body, duplex: 'half' } as RequestInit);
  return { request, finish: () => finish() };
}

const refusal = (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => (error instanceof AppError ? `${error.status} ${error.key}` : String(error)));

describe('receiving uploads', () => {
  it(`takes ${MAX_UPLOADS_RECEIVING_PER_SENDER} per sender and ${MAX_UPLOADS_RECEIVING} in all, and frees the places as they end`, async () => {
    const posts = Array.from({ length: MAX_UPLOADS_RECEIVING }, () => slowPost());
    const senders = posts.map((_, i) => `sender-${Math.floor(i / MAX_UPLOADS_RECEIVING_PER_SENDER)}`);
    const reading = posts.map((p, i) => readUploadForm(p.request, { sender: senders[i] }));

    expect(await refusal(readUploadForm(slowPost().request, { sender: 'sender-0' }))).toBe('503 error.upload.busy');
    expect(await refusal(readUploadForm(slowPost().request, { sender: 'somebody new' }))).toBe('503 error.upload.busy');

    for (const p of posts) p.finish();
    expect(await Promise.all(reading)).toEqual(posts.map(() => ({ a: '1' })));
    const next = slowPost();
    const read = readUploadForm(next.request, { sender: 'sender-0' });
    next.finish();
    expect(await read).toEqual({ a: '1' });
  });

  it('frees a place when a body breaks off', async () => {
    const broken = new Request('http://localhost/upload', {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: new ReadableStream({ start: (controller) => controller.error(new Error('reset')) }),
      duplex: 'half',
    } as RequestInit);
    for (let i = 0; i < MAX_UPLOADS_RECEIVING + 1; i++) expect(await refusal(readUploadForm(broken.clone(), { sender: 'one' }))).toBe('400 error.common.invalid_body');
  });
});
