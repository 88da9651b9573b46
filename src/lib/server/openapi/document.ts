import * as z from 'zod/mini';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject, type ZodOpenApiResponsesObject } from 'zod-openapi';
import { messages } from '../../i18n/messages.ts';
import type { Messages } from '../../i18n/index.ts';
import { REFRESH_COOKIE } from '../auth/sessions.ts';
import { RELEASE } from '../../release.ts';
import { OPERATIONS, type Access, type Operation } from './registry.ts';

/**
 * The OpenAPI 3.1 document of /api/v1 (docs/decisions/0031), made by zod-openapi from the
 * registry's zod schemas: the request schemas are the routes' own.
 */

function flatten(node: Messages, prefix = ''): string[] {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [prefix + key] : flatten(value, `${prefix}${key}.`)));
}

/**
 * The keys an error answer's `message` may be: the translation files' error sections. A client
 * translates them; the pages do with the same files.
 */
export const ERROR_KEYS: readonly string[] = [
  ...new Set(
    flatten(messages.en)
      .map((key) => key.replace(/_(zero|one|two|few|many|other)$/, ''))
      .filter((key) => key.startsWith('error.') || /^[a-z_]+\.error\./.test(key)),
  ),
].sort();

export const ErrorSchema = z
  .object({
    statusCode: z.int().check(z.minimum(400), z.maximum(599)),
    message: z.enum(ERROR_KEYS as [string, ...string[]]).check(z.meta({ description: 'An error key of the translation files (src/lib/i18n).' })),
    errors: z.optional(
      z.record(z.string(), z.string()).check(
        z.meta({ description: 'Field errors: the field (dotted for nested ones, `_` for the whole body) to a translation key such as `validation.required`.' }),
      ),
    ),
  })
  .check(z.meta({ id: 'Error', description: 'Every error answer: the status again, an error key, and for a refused body the fields at fault.' }));

const ROLE_NAMES: Record<Access, string> = {
  public: 'anyone, no session needed',
  unverified: 'any signed-in user, also before the e-mail address is confirmed',
  'signed-in': 'company, recruiter or customer with a confirmed address',
  recruiter: 'company or recruiter',
  company: 'the company (the space\'s owner)',
};

const STATUS_TEXT: Record<number, string> = {
  400: 'The body or the query is invalid: `errors` names the fields.',
  401: 'No session, or an expired access token (refresh it).',
  403: 'The role may not do this, or the address is not confirmed yet.',
  404: 'Nothing of this id in the user\'s space.',
  409: 'The state changed meanwhile, or does not allow this.',
  410: 'Gone.',
  413: 'The body is too large.',
  415: 'The body or the file is of a type not taken.',
  422: 'The request is well-formed but cannot be done.',
  429: 'Too many requests: try again later.',
  500: 'An unexpected error (`error.internal`).',
  503: 'The database is unavailable for a moment; `Retry-After` says when to try again.',
};

/** The errors an operation may answer: by its access, params and body, plus its own. */
export function errorsOf(op: Operation): Record<number, string[]> {
  const out: Record<number, Set<string>> = {};
  const add = (status: number, ...keys: string[]) => {
    out[status] ??= new Set();
    for (const key of keys) out[status].add(key);
  };
  if (op.access !== 'public') add(401, 'error.common.unauthorized');
  if (op.access !== 'public' && op.access !== 'unverified') add(403, 'error.common.forbidden');
  if (op.method !== 'get') add(403, 'error.common.bad_origin');
  if (op.params) add(404, 'error.common.not_found');
  if (op.body || op.query || op.form || op.method === 'post' || op.method === 'put') add(400, 'error.common.invalid_body');
  if (op.body || op.form || op.method === 'post' || op.method === 'put') {
    add(413, 'error.common.body_too_large');
    add(415, 'error.common.invalid_body');
  }
  for (const [status, keys] of Object.entries(op.errors ?? {})) add(Number(status), ...keys);
  add(500, 'error.internal');
  add(503, 'error.common.unavailable');
  return Object.fromEntries(Object.entries(out).map(([status, keys]) => [status, [...keys].sort()]));
}

function responsesOf(op: Operation): ZodOpenApiResponsesObject {
  const responses: ZodOpenApiResponsesObject = {};
  for (const { status, schema, binary, description } of [op.success, ...(op.alsoSuccess ? [op.alsoSuccess] : [])]) {
    responses[String(status) as '200'] = {
      description: description ?? (status === 204 ? 'Done; no body.' : status === 202 ? 'Accepted: the queue does the rest.' : status === 201 ? 'Created.' : 'OK.'),
      ...(binary ? { content: Object.fromEntries(binary.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])) } : schema ? { content: { 'application/json': { schema } } } : {}),
    };
  }
  for (const [code, keys] of Object.entries(errorsOf(op))) {
    responses[code as '400'] = {
      description: `${STATUS_TEXT[Number(code)] ?? 'An error.'} Keys: ${keys.map((k) => `\`${k}\``).join(', ')}.`,
      content: { 'application/json': { schema: ErrorSchema } },
      'x-error-keys': keys,
    };
  }
  return responses;
}

function operationOf(op: Operation): ZodOpenApiOperationObject {
  return {
    operationId: `${op.method}${op.path.replace('/api/v1', '').replace(/\{(\w+)\}/g, 'By-$1').replace(/[^A-Za-z0-9]+(\w)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [op.tag],
    summary: op.summary,
    description: [op.description, `Who: ${ROLE_NAMES[op.access]}.`].filter(Boolean).join('\n\n'),
    security: op.access === 'public' ? [] : [{ bearer: [] }, { cookie: [] }],
    'x-access': op.access,
    ...(op.params || op.query ? { requestParams: { ...(op.params ? { path: op.params } : {}), ...(op.query ? { query: op.query } : {}) } } : {}),
    ...(op.body
      ? { requestBody: { required: true, content: { 'application/json': { schema: op.body }, 'application/x-www-form-urlencoded': { schema: op.body } } } }
      : op.form
        ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: op.form } } } }
        : {}),
    responses: responsesOf(op),
  } as ZodOpenApiOperationObject;
}

let cached: ReturnType<typeof createDocument> | undefined;

/** The document; made once per process, it depends on nothing but the code. */
export function openApiDocument(): ReturnType<typeof createDocument> {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, ZodOpenApiOperationObject>)[op.method] = operationOf(op);
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Recruit API',
      version: RELEASE,
      description:
        'The REST API of the recruitment platform. Answers are JSON; every error answer has the shape `Error` with an error key to translate. ' +
        'A client signs in with `POST /api/v1/auth/email/login` and sends the access token as `Authorization: Bearer …`; pages use the refresh cookie. ' +
        'docs/api.md says what this document leaves open.',
    },
    servers: [{ url: '/' }],
    tags: [...new Set(OPERATIONS.map((op) => op.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'The access token from login, register or refresh; it lives 15 minutes.' },
        cookie: { type: 'apiKey', in: 'cookie', name: REFRESH_COOKIE, description: 'The refresh cookie the pages use (HttpOnly).' },
      },
      schemas: { Error: ErrorSchema },
    },
    'x-error-keys': ERROR_KEYS,
  } as Parameters<typeof createDocument>[0]);
  return cached;
}
