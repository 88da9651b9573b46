import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import { env } from './env.ts';
import { singleton } from './singleton.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string | Buffer; contentType?: string }[];
}

function transport(): Transporter {
  return singleton('mail', () => {
    const { SMTP_URL } = env();
    return SMTP_URL
      ? nodemailer.createTransport(SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  });
}

/**
 * Sends through SMTP_URL. Without it the message is written to DATA_DIR/outbox as an .eml file
 * and its subject printed, so that a local user can still finish registration.
 */
export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  const info = await transport().sendMail({ from: MAIL_FROM, ...mail });
  if (SMTP_URL) return;
  const dir = path.join(DATA_DIR, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
  await fs.writeFile(path.join(dir, name), (info as unknown as { message: Buffer }).message);
  console.log(`[mail] to ${mail.to}: ${mail.subject} (outbox/${name})`);
}
