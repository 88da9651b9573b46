import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import addressparser from 'nodemailer/lib/addressparser';
import { domainToASCII } from 'node:url';
import type { Executor } from './db/index.ts';
import { env } from './env.ts';
import { AppError, clientBucket, tooMany } from './http.ts';
import { addJob, retryNow } from './jobs.ts';
import { hit } from './ratelimit.ts';
import { singleton } from './singleton.ts';
import { logger } from './log.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Whom an answer goes to, when the mail asks for one: the sender is a no-reply address. */
  replyTo?: { name: string; address: string };
  attachments?: { filename: string; content: string; contentType?: string }[];
}

/**
 * What a mail is about: each kind has its own daily limit per recipient. A resent code counts
 * apart from other codes, so that resends are limited alike whether the address has an account.
 */
export type MailKind = 'code' | 'resend' | 'reset' | 'invite' | 'pd' | 'interview' | 'reminder' | 'shortlist' | 'notice' | 'rights' | 'application' | 'application_notice' | 'security';

/**
 * Mails one address may get per day, by kind (issue 9: one address got 75 codes in seconds).
 * Codes, resends and invites go to people who may not have asked for them; interviews to
 * colleagues. Codes are also limited to five an hour (codes.ts). Notices (notifications.ts) go
 * to the product's own people about their own work: a busy recruiter's day, not a flood. What a
 * stranger can cause (an application's notice to its recruiter) has a budget of its own, and so
 * has what guards an account (the old address told of a change): a flood of applications must
 * neither silence a recruiter's other notices nor the warning that their address was taken.
 */
const PER_RECIPIENT_DAY: Record<MailKind, number> = {
  code: 10, resend: 10, reset: 5, invite: 5, pd: 5, interview: 50, reminder: 20, shortlist: 30, notice: 200, rights: 5, application: 1, application_notice: 50, security: 10,
};
const DAY = 86_400;
/** How many spaces' worth of a kind one address may get a day, all spaces together. */
const SPACES_PER_RECIPIENT = 4;

/** A row whose mail state the queue keeps up to date (invites and consent requests). */
export type MailTrack = { kind: 'invite'; id: string; version: string } | { kind: 'pd'; id: string };

export interface MailCause {
  kind: MailKind;
  /** The space whose people caused the mail; counts against the space's daily limit. */
  spaceId?: string | null;
  /** The client address of an unauthenticated request (registration, resend). */
  clientIp?: string;
}

/**
 * The one mailbox `to` names, as the mailer reads it, or a translated 400 when it names none or
 * several: an address stored before the address check refused header syntax (`a@b.io,1`, `x<a@b.io>`)
 * would otherwise be sent to a mailbox its limits do not know it as (attack review).
 */
export function mailbox(to: string): string {
  const parsed = addressparser(to);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  if (!only || !('address' in only) || only.name !== '' || only.address !== to.trim()) throw new AppError(400, 'validation.email_invalid');
  // the domain as the mailer sends to it: it maps a domain to ASCII (fullwidth letters, an
  // ideographic full stop and invisible joiners fold away, почта.рф becomes xn--…), so a key made
  // of the written form let one mailbox be spelt many ways, each with limits of its own (review)
  const at = only.address.lastIndexOf('@');
  const domain = domainToASCII(only.address.slice(at + 1));
  if (at < 1 || !domain) throw new AppError(400, 'validation.email_invalid');
  return `${only.address.slice(0, at).toLowerCase()}@${domain}`;
}

/**
 * Counts a mail to `to` against every limit that applies, inside the caller's transaction, and
 * refuses with a translated 429 when one is full. Every mail the product sends passes here.
 * A recipient's daily limit of a kind counts per space when a space's people caused the mail:
 * counted per address alone, one space could spend another's (five consent requests from a
 * stranger's space to an address silenced the requests of the candidate's own recruiter, and
 * interviews invited to a colleague's address stopped the colleague's own interviews for a day).
 * Across spaces an address has a ceiling of SPACES_PER_RECIPIENT spaces' worth; mails no space
 * causes (codes, resets, notices) count per address alone.
 */
export async function chargeMail(tx: Executor, to: string, cause: MailCause): Promise<void> {
  const recipient = mailbox(to);
  const { MAIL_PER_CLIENT_DAY, MAIL_PER_SPACE_DAY, MAIL_APPLICATIONS_PER_SPACE_DAY } = env();
  // one order of keys for every transaction, so that two of them never wait on each other
  if (cause.clientIp !== undefined && !(await hit(`mail-client:${clientBucket(cause.clientIp)}`, MAIL_PER_CLIENT_DAY, DAY, tx))) {
    throw tooMany('error.mail.client_limit');
  }
  // the public careers form mails applicants: strangers spend that budget, never the team's own
  const [spaceKey, spaceLimit] = cause.kind === 'application' ? ['mail-space-applications', MAIL_APPLICATIONS_PER_SPACE_DAY] : ['mail-space', MAIL_PER_SPACE_DAY];
  if (cause.spaceId && !(await hit(`${spaceKey}:${cause.spaceId}`, spaceLimit, DAY, tx))) {
    throw tooMany('error.mail.space_limit');
  }
  if (cause.spaceId && !(await hit(`mail-to:${cause.kind}:${cause.spaceId}:${recipient}`, PER_RECIPIENT_DAY[cause.kind], DAY, tx))) {
    throw tooMany('error.mail.recipient_limit');
  }
  // and across spaces, a ceiling a few spaces' worth high: spaces are cheap to make, a mailbox's
  // day must stay bounded whoever writes to it
  const everyone = cause.spaceId ? PER_RECIPIENT_DAY[cause.kind] * SPACES_PER_RECIPIENT : PER_RECIPIENT_DAY[cause.kind];
  if (!(await hit(`mail-to:${cause.kind}:${recipient}`, everyone, DAY, tx))) {
    throw tooMany('error.mail.recipient_limit');
  }
}

export interface MailJob {
  mail: Mail;
  track?: MailTrack;
}

/**
 * Queues a mail in the caller's transaction: it is sent as soon as the transaction commits and
 * retried with backoff for about a day when the SMTP server is down or silent.
 */
export async function queueMail(tx: Executor, mail: Mail, cause: MailCause, options: { track?: MailTrack; jobKey?: string } = {}): Promise<void> {
  await chargeMail(tx, mail.to, cause);
  const job: MailJob = { mail, ...(options.track ? { track: options.track } : {}) };
  await addJob(tx, 'mail', job, { jobKey: options.jobKey });
}

/**
 * Queues a notice (a mail about the reader's own account or work): a recipient past the day's
 * limit of notices is skipped, not retried for ever, and what caused it still goes through.
 */
export async function queueNoticeMail(tx: Executor, to: string, subject: string, text: string, kind: 'notice' | 'application_notice' | 'security' = 'notice'): Promise<boolean> {
  try {
    await queueMail(tx, { to, subject, text }, { kind });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      console.warn('[mail] a notice was skipped: the recipient reached the daily limit');
      return false;
    }
    // an address stored before header syntax was refused: the notice is not worth the action
    if (error instanceof AppError && error.key === 'validation.email_invalid') {
      console.warn('[mail] a notice was skipped: the stored address names no single mailbox');
      return false;
    }
    throw error;
  }
}

function transport(): Transporter {
  return singleton('mail', () => {
    const { SMTP_URL, SMTP_TIMEOUT_MS } = env();
    if (!SMTP_URL) return nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    // nodemailer waits minutes by default; a silent server must fail fast and be retried
    return nodemailer.createTransport({
      url: SMTP_URL,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
      dnsTimeout: SMTP_TIMEOUT_MS,
    });
  });
}

/**
 * Hands a mail to SMTP_URL now; the queue's tasks call it, nothing else should. Without SMTP_URL
 * the message is written to DATA_DIR/outbox as an .eml file and its path printed, so that a
 * local user can still finish registration (the code is in the file's subject).
 */
export async function deliverMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM, DATA_DIR } = env();
  const info = await transport().sendMail({ from: MAIL_FROM, ...mail });
  if (SMTP_URL) return;
  const dir = path.join(DATA_DIR, 'outbox');
  await fs.mkdir(dir, { recursive: true });
  const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
  // written under another name first: a reader never sees half a message
  const file = path.join(dir, name);
  await fs.writeFile(`${file}.part`, (info as unknown as { message: Buffer }).message);
  await fs.rename(`${file}.part`, file);
  // the path only: a subject carries a code, an address is personal data; neither goes to a log
  logger.info({ tag: 'mail' }, `[mail] no SMTP_URL: the mail is in ${path.join(dir, name)}`);
}

/** Whether the SMTP server answers (connects, greets, accepts our login); true without one. */
export async function mailServerAnswers(): Promise<boolean> {
  if (!env().SMTP_URL) return true;
  try {
    return await transport().verify();
  } catch {
    return false;
  }
}

export interface JobInfo {
  attempts: number;
  maxAttempts: number;
}

/** Records a tracked row's mail as sent or failed; the worker wires in the owners of the rows. */
export type MailTracker = (track: MailTrack, state: 'sent' | 'failed') => Promise<void>;

/**
 * The `mail` task: sends, then records the outcome on the row it belongs to. A failure is
 * thrown back to the queue for a retry; on the last try it is first recorded as failed.
 */
export async function runMailJob(job: MailJob, info: JobInfo, track: MailTracker): Promise<void> {
  try {
    await deliverMail(job.mail);
  } catch (error) {
    if (info.attempts >= info.maxAttempts && job.track) await track(job.track, 'failed');
    throw error;
  }
  if (job.track) await track(job.track, 'sent');
  await mailServerBack();
}

/**
 * A mail went out, so the mail server answers: mails waiting for a retry (up to six hours
 * apart late in their backoff) go now instead.
 */
export async function mailServerBack(): Promise<void> {
  await retryNow(['mail', 'code-mail']);
}
