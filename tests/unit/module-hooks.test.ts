import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';
import * as hooks from '../../src/lib/server/module-hooks.ts';

/**
 * In a Node process of its own (Vitest resolves modules its own way): every import made while
 * drizzle-orm loads is resolved by Node and, beside it, by our hook, whose answer must be Node's
 * wherever it gives one.
 */
const COMPARE = `
import { registerHooks } from 'node:module';
const { resolveInsideEsPackages } = await import('./src/lib/server/module-hooks.ts');
const seen = { ours: 0, differ: [] };
registerHooks({
  resolve(specifier, context, nextResolve) {
    const node = nextResolve(specifier, context);
    const ours = resolveInsideEsPackages(specifier, context, () => undefined);
    if (ours) {
      seen.ours++;
      if (ours.url !== node.url || ours.format !== node.format) seen.differ.push([specifier, context.parentURL, ours, node]);
    }
    return node;
  },
});
for (const entry of ['drizzle-orm', 'drizzle-orm/pg-core', 'drizzle-orm/node-postgres', 'drizzle-orm/node-postgres/migrator']) await import(entry);
console.log(JSON.stringify(seen));
`;

describe('module hooks', () => {
  it("resolve drizzle-orm's own imports to the addresses and format Node gives them", () => {
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', COMPARE], { cwd: ROOT, encoding: 'utf8' });
    const seen = JSON.parse(output) as { ours: number; differ: unknown[] };
    expect(seen.differ).toEqual([]);
    // the hook answered for drizzle's modules (about a hundred), not only for a few
    expect(seen.ours).toBeGreaterThan(80);
  });

  it('leave imports outside those packages, bare names and other files to Node', () => {
    const marker = { url: 'node:marker' };
    const next = () => marker;
    const drizzleFile = `file://${ROOT}/node_modules/drizzle-orm/sql/sql.js`;
    const { resolveInsideEsPackages } = hooks;
    expect(resolveInsideEsPackages('./x.js', { parentURL: `file://${ROOT}/node_modules/zod/index.js`, conditions: [], importAttributes: {} }, next)).toBe(marker);
    expect(resolveInsideEsPackages('pg', { parentURL: drizzleFile, conditions: [], importAttributes: {} }, next)).toBe(marker);
    expect(resolveInsideEsPackages('./sql.cjs', { parentURL: drizzleFile, conditions: [], importAttributes: {} }, next)).toBe(marker);
    // out of the package by its own relative path
    expect(resolveInsideEsPackages('../../zod/index.js', { parentURL: drizzleFile, conditions: [], importAttributes: {} }, next)).toBe(marker);
    expect(resolveInsideEsPackages('./index.js', { parentURL: drizzleFile, conditions: [], importAttributes: {} }, next)).toEqual({
      url: `file://${ROOT}/node_modules/drizzle-orm/sql/index.js`,
      format: 'module',
      shortCircuit: true,
    });
  });
});
