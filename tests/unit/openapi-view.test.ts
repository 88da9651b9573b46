import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/lib/server/openapi/document.ts';
import { OPERATIONS } from '../../src/lib/server/openapi/registry.ts';
import { apiReference, fieldsOf, typeOf } from '../../src/lib/server/openapi/view.ts';

/** The reference page's reading of the OpenAPI document (docs/decisions/0031). */

const doc = openApiDocument() as unknown as Record<string, unknown>;

describe('typeOf', () => {
  it('writes short types people read', () => {
    expect(typeOf({ type: ['string', 'null'], format: 'uuid' })).toBe('string (uuid) | null');
    expect(typeOf({ type: 'array', items: { $ref: '#/components/schemas/Candidate' } })).toBe('Candidate[]');
    expect(typeOf({ type: 'array', items: { anyOf: [{ type: 'number' }, { type: 'string' }] } })).toBe('(number | string)[]');
    expect(typeOf({ anyOf: [{ anyOf: [{ type: 'number' }, { type: 'string' }] }, { type: 'null' }, { type: 'number' }] })).toBe('number | string | null');
    expect(typeOf({ type: 'string', enum: ['a', 'b'] })).toBe('"a" | "b"');
    expect(typeOf({ type: 'object', properties: { id: {}, name: {} } })).toBe('{ id, name }');
    expect(typeOf({ const: true })).toBe('true');
    const refs = new Set<string>();
    typeOf({ anyOf: [{ $ref: '#/components/schemas/Vacancy' }, { type: 'null' }] }, refs);
    expect([...refs]).toEqual(['Vacancy']);
  });

  it("reads a union of objects as every alternative's fields, required only where all require them", () => {
    const fields = fieldsOf(doc, {
      anyOf: [
        { type: 'object', properties: { ids: { type: 'array', items: { type: 'string' } } }, required: ['ids'] },
        { type: 'object', properties: { all: { const: true } }, required: ['all'] },
      ],
    });
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([['ids', 'string[]', false], ['all', 'true', false]]);
  });
});

describe('apiReference', () => {
  const ref = apiReference(doc);
  const operations = ref.tags.flatMap((tag) => tag.operations);

  it('has every registered operation once, each with who may call it and its answer', () => {
    expect(operations.map((op) => `${op.method} ${op.path}`).sort()).toEqual(OPERATIONS.map((op) => `${op.method.toUpperCase()} ${op.path}`).sort());
    for (const op of operations) {
      expect(op.access, op.id).toMatch(/^(public|unverified|signed-in|recruiter|company)$/);
      expect(op.summary, op.id).not.toBe('');
      expect(op.description, op.id).not.toMatch(/Who:/);
      expect(Number(op.success.status), op.id).toBeLessThan(400);
      for (const name of op.path.matchAll(/\{(\w+)\}/g)) expect(op.params.some((p) => p.in === 'path' && p.name === name[1] && p.required), `${op.id} ${name[1]}`).toBe(true);
      if (op.access !== 'public') expect(op.errors.find((e) => e.status === '401')?.keys, op.id).toEqual(['error.common.unauthorized']);
    }
  });

  it('gives every field a type, and every named schema its fields', () => {
    for (const op of operations) {
      for (const field of [...op.params, ...(op.body?.fields ?? [])]) expect(field.type, `${op.id} ${field.name}`).not.toMatch(/\bany\b/);
    }
    expect(ref.schemas.map((s) => s.name)).toContain('Error');
    for (const schema of ref.schemas) expect(schema.fields.length, schema.name).toBeGreaterThan(0);
    expect(ref.errorKeys).toContain('error.common.not_found');
  });
});
