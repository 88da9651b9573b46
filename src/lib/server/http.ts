import type { APIContext, APIRoute } from 'astro';
import type * as z from 'zod/mini';

/** An error a client may see: a status, an error key of the translation files, field errors. */
export class AppError extends Error {
  readonly status: number;
  readonly key: string;
  readonly errors?: Record<string, string>;
  constructor(status: number, key: string, errors?: Record<string, string>) {
    super(key);
    this.status = status;
    this.key = key;
    this.errors = errors;
  }
}

export const unauthorized = () => new AppError(401, 'error.common.unauthorized');
export const forbidden = (key = 'error.common.forbidden') => new AppError(403, key);
export const notFound = () => new AppError(404, 'error.common.not_found');
export const tooMany = (key = 'error.common.too_many_requests') => new AppError(429, key);

export function json(data: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set('content-type', 'application/json; charset=utf-8');
  headers.set('cache-control', 'no-store');
  return new Response(JSON.stringify(data), { ...init, headers });
}

export function errorResponse(error: unknown): Response {
  if (error instanceof AppError) {
    return json(
      { statusCode: error.status, message: error.key, ...(error.errors ? { errors: error.errors } : {}) },
      { status: error.status },
    );
  }
  console.error('[api] unexpected error', error);
  return json({ statusCode: 500, message: 'error.internal' }, { status: 500 });
}

/** Field errors as { "settings.lang": "validation.lang_invalid" }; the first issue per field wins. */
export function fieldErrors(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.') || '_';
    // zod's own messages (a wrong type, say) are not keys of ours: use the generic one
    errors[field] ??= issue.message.includes('.') && !issue.message.includes(' ') ? issue.message : 'validation.invalid';
  }
  return errors;
}

export function parse<S extends z.ZodMiniType>(schema: S, data: unknown): z.output<S> {
  const result = schema.safeParse(data);
  if (!result.success) throw new AppError(400, 'error.common.invalid_body', fieldErrors(result.error));
  return result.data;
}

/** Sets `target[a][b] = value` for a form name such as `settings[lang]`. */
function assignBracketed(target: Record<string, unknown>, name: string, value: unknown) {
  const parts = name.replace(/\]/g, '').split('[');
  let node = target;
  parts.forEach((part, i) => {
    if (i === parts.length - 1) {
      const existing = node[part];
      node[part] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
    } else {
      if (typeof node[part] !== 'object' || node[part] === null) node[part] = {};
      node = node[part] as Record<string, unknown>;
    }
  });
}

export function formToObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of form.entries()) assignBracketed(out, name, value);
  return out;
}

/** Reads a JSON, urlencoded or multipart body; a malformed one is a 400, never a 500. */
export async function readBody(request: Request): Promise<Record<string, unknown>> {
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('application/json')) {
      const text = await request.text();
      if (!text.trim()) return {};
      const value: unknown = JSON.parse(text);
      if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not an object');
      return value as Record<string, unknown>;
    }
    if (type.includes('application/x-www-form-urlencoded') || type.includes('multipart/form-data')) {
      return formToObject(await request.formData());
    }
    const text = await request.text();
    if (!text.trim()) return {};
  } catch {
    throw new AppError(400, 'error.common.invalid_body');
  }
  throw new AppError(415, 'error.common.invalid_body');
}

/** Wraps an endpoint: every thrown AppError becomes its JSON answer, anything else a bare 500. */
export function endpoint(handler: (context: APIContext) => Promise<Response> | Response): APIRoute {
  return async (context) => {
    try {
      return await handler(context);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function clientIp(context: Pick<APIContext, 'clientAddress' | 'request'>): string | undefined {
  try {
    return context.clientAddress;
  } catch {
    return undefined;
  }
}
