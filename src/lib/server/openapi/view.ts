/**
 * The OpenAPI document as the reference page shows it (docs/decisions/0031): per tag, each
 * operation with its parameters, body fields, answer and errors; each named schema with its
 * fields. Types are short text ("string (uuid) | null", "Candidate[]"); a named schema links to
 * its own entry. Read from the document itself, so the page shows what the document says.
 */

type Json = Record<string, unknown>;

export interface FieldView {
  name: string;
  type: string;
  /** Named schemas the type mentions, for links. */
  refs: string[];
  required: boolean;
  description?: string;
}

export interface OperationView {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  access: string;
  params: (FieldView & { in: string })[];
  body?: { media: string[]; type: string; refs: string[]; fields: FieldView[] };
  success: { status: string; description: string; media: string[]; type?: string; refs: string[]; fields: FieldView[] };
  /** Its errors but the general ones (GENERAL_ERRORS). */
  errors: { status: string; keys: string[] }[];
}

export interface SchemaView {
  name: string;
  description?: string;
  type: string;
  fields: FieldView[];
}

export interface ApiReference {
  title: string;
  version: string;
  tags: { name: string; operations: OperationView[] }[];
  schemas: SchemaView[];
  errorKeys: string[];
}

const REF = '#/components/schemas/';

/**
 * Errors any endpoint (500, 503) or any write (403 from another site, 413, 415) may answer: the
 * page says them once rather than under each of 70 endpoints.
 */
export const GENERAL_ERRORS: readonly { status: string; key: string }[] = [
  { status: '403', key: 'error.common.bad_origin' },
  { status: '413', key: 'error.common.body_too_large' },
  { status: '415', key: 'error.common.invalid_body' },
  { status: '500', key: 'error.internal' },
  { status: '503', key: 'error.common.unavailable' },
];
const isGeneral = (status: string, key: string) => GENERAL_ERRORS.some((e) => e.status === status && e.key === key);
const MAX_ENUM = 8;

function refName(schema: Json): string | undefined {
  return typeof schema.$ref === 'string' && schema.$ref.startsWith(REF) ? schema.$ref.slice(REF.length) : undefined;
}

/** `a | (b | c)[] | d` → `a`, `(b | c)[]`, `d`: the top level's alternatives. */
function splitUnion(type: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < type.length; i++) {
    const c = type[i];
    if (c === '(' || c === '{') depth++;
    else if (c === ')' || c === '}') depth--;
    else if (depth === 0 && type.startsWith(' | ', i)) {
      parts.push(type.slice(start, i));
      start = i + 3;
    }
  }
  parts.push(type.slice(start));
  return parts;
}

/** A short type: `string (uuid) | null`, `"a" | "b"`, `Candidate[]`, `{ id, name }`. */
export function typeOf(schema: unknown, refs: Set<string> = new Set()): string {
  if (!schema || typeof schema !== 'object') return 'any';
  const s = schema as Json;
  const ref = refName(s);
  if (ref) {
    refs.add(ref);
    return ref;
  }
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) return [...new Set(alternatives.flatMap((a) => splitUnion(typeOf(a, refs))))].join(' | ');
  if ('const' in s) return JSON.stringify(s.const);
  if (Array.isArray(s.enum)) {
    const values = s.enum.map((v) => JSON.stringify(v));
    return values.length > MAX_ENUM ? `${values.slice(0, MAX_ENUM).join(' | ')} | …` : values.join(' | ');
  }
  const types = Array.isArray(s.type) ? (s.type as string[]) : typeof s.type === 'string' ? [s.type] : [];
  const one = (type: string): string => {
    if (type === 'array') {
      const item = typeOf(s.items, refs);
      return splitUnion(item).length > 1 ? `(${item})[]` : `${item}[]`;
    }
    if (type === 'object') {
      const props = s.properties && typeof s.properties === 'object' ? Object.keys(s.properties) : [];
      if (props.length) return `{ ${props.join(', ')} }`;
      if (s.additionalProperties && typeof s.additionalProperties === 'object') return `{ [key]: ${typeOf(s.additionalProperties, refs)} }`;
      return 'object';
    }
    if (type === 'string' && typeof s.format === 'string') return `string (${s.format})`;
    return type;
  };
  if (types.length) return types.map(one).join(' | ');
  return 'any';
}

function resolve(doc: Json, schema: unknown): Json | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const ref = refName(schema as Json);
  if (!ref) return schema as Json;
  return ((doc.components as Json | undefined)?.schemas as Json | undefined)?.[ref] as Json | undefined;
}

/** The fields of an object schema; of a union of objects, every alternative's (required when all require it). */
export function fieldsOf(doc: Json, schema: unknown): FieldView[] {
  const s = resolve(doc, schema);
  if (!s) return [];
  const alternatives = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (Array.isArray(alternatives)) {
    const lists = alternatives.map((a) => fieldsOf(doc, a));
    if (lists.some((list) => !list.length)) return [];
    const merged = new Map<string, FieldView>();
    for (const list of lists) {
      for (const field of list) {
        const seen = merged.get(field.name);
        if (!seen) merged.set(field.name, { ...field, required: lists.every((l) => l.some((f) => f.name === field.name && f.required)) });
        else merged.set(field.name, { ...seen, type: [...new Set([...splitUnion(seen.type), ...splitUnion(field.type)])].join(' | '), refs: [...new Set([...seen.refs, ...field.refs])] });
      }
    }
    return [...merged.values()];
  }
  const properties = s.properties as Record<string, Json> | undefined;
  if (!properties) return [];
  const required = new Set((s.required as string[] | undefined) ?? []);
  return Object.entries(properties).map(([name, prop]) => {
    const refs = new Set<string>();
    const type = typeOf(prop, refs);
    return { name, type, refs: [...refs], required: required.has(name), ...(typeof prop.description === 'string' ? { description: prop.description } : {}) };
  });
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

export function apiReference(doc: Json): ApiReference {
  const info = doc.info as { title: string; version: string };
  const byTag = new Map<string, OperationView[]>();
  for (const { name } of (doc.tags as { name: string }[] | undefined) ?? []) byTag.set(name, []);
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const params = ((op.parameters as Json[] | undefined) ?? []).map((p) => {
        const refs = new Set<string>();
        const type = typeOf(p.schema, refs);
        const schema = (p.schema ?? {}) as Json;
        const description = typeof p.description === 'string' ? p.description : typeof schema.description === 'string' ? schema.description : undefined;
        return { name: String(p.name), in: String(p.in), type, refs: [...refs], required: p.required === true, ...(description ? { description } : {}) };
      });
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema: unknown }>;
      const media = Object.keys(content);
      const bodySchema = media.length ? content[media[0]!]!.schema : undefined;
      const bodyRefs = new Set<string>();
      const body = bodySchema ? { media, type: typeOf(bodySchema, bodyRefs), refs: [...bodyRefs], fields: fieldsOf(doc, bodySchema) } : undefined;
      const responses = op.responses as Record<string, Json>;
      const successStatus = Object.keys(responses).find((status) => Number(status) < 400) ?? '200';
      const success = responses[successStatus] ?? {};
      const successContent = (success.content ?? {}) as Record<string, { schema: unknown }>;
      const successMedia = Object.keys(successContent);
      const json = successContent['application/json']?.schema;
      const successRefs = new Set<string>();
      const errors = Object.entries(responses)
        .filter(([status]) => Number(status) >= 400)
        .map(([status, response]) => ({ status, keys: ((response['x-error-keys'] as string[] | undefined) ?? []).filter((key) => !isGeneral(status, key)) }))
        .filter((e) => e.keys.length);
      const view: OperationView = {
        id: String(op.operationId ?? `${method}-${path}`),
        method: method.toUpperCase(),
        path,
        summary: String(op.summary ?? ''),
        // who may call it is the page's own line, in the reader's language
        description: String(op.description ?? '').replace(/(^|\n\n)Who: [^\n]*$/, ''),
        access: String(op['x-access'] ?? ''),
        params,
        ...(body ? { body } : {}),
        success: {
          status: successStatus,
          description: String(success.description ?? ''),
          media: successMedia,
          ...(json ? { type: typeOf(json, successRefs) } : {}),
          refs: [...successRefs],
          fields: json ? fieldsOf(doc, json) : [],
        },
        errors,
      };
      const tag = ((op.tags as string[] | undefined) ?? ['other'])[0]!;
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag)!.push(view);
    }
  }
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const schemas = Object.entries(components)
    .map(([name, schema]) => ({ name, type: typeOf({ ...schema, $ref: undefined }), fields: fieldsOf(doc, schema), ...(typeof schema.description === 'string' ? { description: schema.description } : {}) }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return {
    title: info.title,
    version: info.version,
    tags: [...byTag].filter(([, operations]) => operations.length).map(([name, operations]) => ({ name, operations })),
    schemas,
    errorKeys: (doc['x-error-keys'] as string[] | undefined) ?? [],
  };
}
