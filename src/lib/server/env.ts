import path from 'node:path';
import { z } from 'zod';

const url = (protocols: string[]) =>
  z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URL starting with ${protocols.map((p) => p + '//').join(' or ')}`);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(4321),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres:', 'postgresql:']).optional(),
  /** As root, the system user the embedded PostgreSQL runs as (default `postgres`, else `nobody`). */
  EMBEDDED_PG_USER: z.string().regex(/^[a-z_][a-z0-9_.-]*$/i, 'must be a system user name').optional(),
  REDIS_URL: url(['redis:', 'rediss:']).optional(),
  /** Files in an S3-compatible store: https://KEY:SECRET@host/bucket?region=… (src/lib/server/storage.ts); else on disk. */
  S3_URL: url(['http:', 'https:']).optional(),
  SMTP_URL: url(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(3).default('Recruit <no-reply@localhost>'),
  /** An SMTP server that takes the connection and never answers is given up on after this. */
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(10_000),
  /** Tries of one mail; the queue's backoff (e^n seconds, at most ~6 h apart) makes 14 about 28 hours. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(14),
  /** Mails that registration and resend may cause from one client address in a day. */
  MAIL_PER_CLIENT_DAY: z.coerce.number().int().min(1).default(30),
  /** Mails that the people of one space may cause in a day (invites, consent, interviews, codes). */
  MAIL_PER_SPACE_DAY: z.coerce.number().int().min(1).default(500),
  /** Confirmations the public careers form may mail to applicants of one space in a day (apart from the above). */
  MAIL_APPLICATIONS_PER_SPACE_DAY: z.coerce.number().int().min(1).default(200),
  PUBLIC_URL: url(['http:', 'https:']).optional(),
  /** 'loopback' or a comma-separated list of proxy addresses whose X-Forwarded-For is believed. */
  TRUST_PROXY: z.string().regex(/^(loopback|[0-9a-fA-F.:]+(,[0-9a-fA-F.:]+)*)$/, 'must be "loopback" or a list of IP addresses').optional(),
  NODE_ENV: z.string().default('production'),
  /** How often each process checks that its sockets' sessions still live. */
  SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Lets a scraper read /metrics from another machine as `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** '1' lets webhook endpoints be http:// and on loopback (tests, a developer's machine); never in production. */
  WEBHOOKS_ALLOW_HTTP: z.enum(['0', '1']).default('0'),
  /** A webhook's first retry waits this long; each next one four times longer (docs/decisions/0028). */
  WEBHOOK_RETRY_BASE_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** Tries of one webhook delivery: with the default delays, 6 span about 5.7 hours. */
  WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(6),
  /** An endpoint that does not answer within this is a failed try. */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof EnvSchema> & { DATA_DIR: string; PUBLIC_URL: string };

/** Parses the environment once; a bad value stops the start with a message naming it. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(source[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
  };
}

export class ConfigError extends Error {}

let cached: Env | undefined;
export function env(): Env {
  cached ??= loadEnv();
  return cached;
}
