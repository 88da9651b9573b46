/**
 * With SMTP_URL the product hands its mail to that server (here one started by the test)
 * and writes nothing to DATA_DIR/outbox.
 */
import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, uniqueEmail } from '../support/client.ts';
import { freePort } from '../support/server.ts';
import { postJson, Processes, waitUntil } from './support.ts';

interface Received {
  from: string | undefined;
  to: string[];
  mail: ParsedMail;
}

const processes = new Processes();
const received: Received[] = [];
let smtp: SMTPServer;
let smtpPort: number;

beforeAll(async () => {
  smtpPort = await freePort();
  smtp = new SMTPServer({
    authOptional: true,
    // a self-signed certificate offered by STARTTLS would (rightly) be refused by the product
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            mail,
          });
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject);
    smtp.listen(smtpPort, '127.0.0.1', () => resolve());
  });
});

afterAll(async () => {
  await processes.cleanup();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
}, 60_000);

describe('mail through SMTP_URL', () => {
  it('delivers the registration code to the SMTP server, addressed to the user, and keeps no outbox', async () => {
    const server = await processes.spawn({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}` });
    const email = uniqueEmail('smtp');
    const registered = await postJson(server.url, '/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(registered.status).toBe(201);

    await waitUntil(() => received.length > 0, 10_000, 'the SMTP server receives a message');
    // nothing more trickles in
    await new Promise((r) => setTimeout(r, 300));
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.to).toEqual([email]);
    const to = [message!.mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address);
    expect(to).toEqual([email]);
    expect(message!.mail.subject).toMatch(/\b\d{4}\b/);
    expect(fs.existsSync(path.join(server.dataDir, 'outbox'))).toBe(false);
    expect(server.output()).not.toContain('[mail]');
  }, 90_000);

  it('a registration whose code cannot be mailed answers 503 and leaves no account behind', async () => {
    const closed = await freePort();
    const server = await processes.spawn({ SMTP_URL: `smtp://127.0.0.1:${closed}` });
    const email = uniqueEmail('nomail');
    const res = await postJson(server.url, '/api/v1/auth/email/register', { email, password: PASSWORD, role: 'company' });
    expect(res.status).toBe(503);
    expect(res.json).toMatchObject({ message: 'error.common.mail_failed' });
    // the address is still free: once mail works the same person can register
    const login = await postJson(server.url, '/api/v1/auth/email/login', { email, password: PASSWORD });
    expect(login.json).toMatchObject({ message: 'error.common.wrong_email_or_password' });
  }, 90_000);
});
