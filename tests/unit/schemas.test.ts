import { describe, expect, it } from 'vitest';
import type * as z from 'zod/mini';
import { CodeSchema, EmailSchema, NewPasswordSchema } from '../../src/lib/schemas/common.ts';
import { LoginSchema, RegisterSchema, RegistrationRoleSchema } from '../../src/lib/schemas/auth.ts';
import { ProfileSchema } from '../../src/lib/schemas/user.ts';

/**
 * The message of the first issue at `path` — the one both the server (http.ts fieldErrors) and the
 * form resolver show — or undefined when the value is valid.
 */
function firstError(schema: z.ZodMiniType, value: unknown, path: string = ''): string | undefined {
  const result = schema.safeParse(value);
  if (result.success) return undefined;
  const issue = result.error.issues.find((i) => i.path.join('.') === path);
  return issue?.message ?? `(no issue at "${path}"; issues at ${result.error.issues.map((i) => JSON.stringify(i.path.join('.'))).join(', ')})`;
}

const VALID = { email: 'user@example.com', password: 'Passw0rd!' };

describe('EmailSchema', () => {
  it.each([[''], ['   '], [undefined], [null]])('%j → validation.email_required', (value) => {
    expect(firstError(EmailSchema, value)).toBe('validation.email_required');
  });

  it.each([['foo'], ['a@b'], ['a@b.c'], ['a b@example.com'], ['@example.com'], ['user@'], ['user@@example.com']])(
    '%j → validation.email_invalid',
    (value) => {
      expect(firstError(EmailSchema, value)).toBe('validation.email_invalid');
    },
  );

  it('trims and lowercases', () => {
    expect(EmailSchema.parse('  John.Doe@Example.COM \n')).toBe('john.doe@example.com');
  });

  it('rejects an address longer than 254 characters with validation.too_long', () => {
    expect(firstError(EmailSchema, `${'a'.repeat(250)}@example.com`)).toBe('validation.too_long');
  });
});

describe('NewPasswordSchema', () => {
  it.each([['Passw0rd!'], ['Пароль1!а'], ['пАроль12#'], ['Ёжик1234!'], ['aB3$aB3$'], ['Correct Horse 1!']])('accepts %j', (value) => {
    expect(NewPasswordSchema.safeParse(value).success).toBe(true);
  });

  it.each([
    ['no uppercase', 'passw0rd!'],
    ['no lowercase', 'PASSW0RD!'],
    ['no digit', 'Password!'],
    ['no special character', 'Passw0rd'],
    ['7 characters', 'Pass0r!'],
    ['Cyrillic without uppercase', 'пароль1!а'],
    ['Cyrillic without lowercase', 'ПАРОЛЬ1!А'],
    ['a space is not a special character', 'Passw0rd '],
  ])('rejects %s (%j) with validation.password_weak', (_, value) => {
    expect(firstError(NewPasswordSchema, value)).toBe('validation.password_weak');
  });

  it.each([[''], [undefined]])('%j → validation.password_required', (value) => {
    expect(firstError(NewPasswordSchema, value)).toBe('validation.password_required');
  });

  it('rejects more than 200 characters with validation.too_long', () => {
    expect(firstError(NewPasswordSchema, `Aa1!${'x'.repeat(200)}`)).toBe('validation.too_long');
  });
});

describe('CodeSchema', () => {
  it.each([['1234'], ['0000'], [' 4321 ']])('accepts %j', (value) => {
    expect(CodeSchema.safeParse(value).success).toBe(true);
  });

  it('trims the code', () => {
    expect(CodeSchema.parse(' 1234 ')).toBe('1234');
  });

  it.each([['123'], ['12345'], ['abcd'], ['12a4'], ['12 4']])('%j → validation.code_invalid', (value) => {
    expect(firstError(CodeSchema, value)).toBe('validation.code_invalid');
  });

  it.each([[''], ['  '], [undefined]])('%j → validation.code_required', (value) => {
    expect(firstError(CodeSchema, value)).toBe('validation.code_required');
  });
});

describe('RegisterSchema', () => {
  it.each([
    ['company', 1],
    ['recruiter', 2],
    ['customer', 3],
    [1, 1],
    [2, 2],
    [3, 3],
    ['2', 2],
  ] as const)('role %j → %i', (role, expected) => {
    const parsed = RegisterSchema.parse({ ...VALID, role });
    expect(parsed.role).toBe(expected);
  });

  it.each([['admin'], ['dev'], [7], [8], ['7'], ['8'], [0], [4], [''], ['Company'], [undefined]])(
    'role %j is rejected with validation.role_invalid',
    (role) => {
      expect(firstError(RegisterSchema, { ...VALID, role }, 'role')).toBe('validation.role_invalid');
    },
  );

  it('parses a full registration: email normalized, settings kept', () => {
    expect(RegisterSchema.parse({ email: ' A@B.io ', password: 'Passw0rd!', role: 'customer', settings: { lang: 'ru' } })).toEqual({
      email: 'a@b.io',
      password: 'Passw0rd!',
      role: 3,
      settings: { lang: 'ru' },
    });
  });

  it('rejects an unknown language with validation.lang_invalid', () => {
    expect(firstError(RegisterSchema, { ...VALID, role: 1, settings: { lang: 'de' } }, 'settings.lang')).toBe('validation.lang_invalid');
  });

  it('reports each field with its own key', () => {
    const result = RegisterSchema.safeParse({ email: 'nope', password: 'short', role: 'admin' });
    expect(result.success).toBe(false);
    const first: Record<string, string> = {};
    for (const issue of result.error!.issues) first[issue.path.join('.')] ??= issue.message;
    expect(first).toEqual({ email: 'validation.email_invalid', password: 'validation.password_weak', role: 'validation.role_invalid' });
  });

  it('RegistrationRoleSchema alone maps names to role numbers', () => {
    expect(RegistrationRoleSchema.parse('recruiter')).toBe(2);
  });
});

describe('LoginSchema', () => {
  it('remember defaults to true', () => {
    expect(LoginSchema.parse(VALID).remember).toBe(true);
  });

  it('accepts remember: false', () => {
    expect(LoginSchema.parse({ ...VALID, remember: false }).remember).toBe(false);
  });

  it.each([
    ['true', true],
    ['false', false],
    ['on', true],
  ] as const)('accepts the form value remember=%j as %s', (remember, expected) => {
    expect(LoginSchema.parse({ ...VALID, remember }).remember).toBe(expected);
  });

  it('does not apply the strength rule to the login password', () => {
    expect(LoginSchema.safeParse({ email: VALID.email, password: 'x' }).success).toBe(true);
  });

  it('requires a password', () => {
    expect(firstError(LoginSchema, { email: VALID.email, password: '' }, 'password')).toBe('validation.password_required');
    expect(firstError(LoginSchema, { email: VALID.email }, 'password')).toBe('validation.password_required');
  });
});

describe('ProfileSchema', () => {
  it('requires name and surname with their own keys, after trimming', () => {
    expect(firstError(ProfileSchema, { name: '  ', surname: 'X' }, 'name')).toBe('validation.name_required');
    expect(firstError(ProfileSchema, { name: 'X' }, 'surname')).toBe('validation.surname_required');
    expect(ProfileSchema.parse({ name: ' Ann ', surname: ' Lee ' })).toEqual({ name: 'Ann', surname: 'Lee' });
  });

  it('limits the name to 100 characters', () => {
    expect(firstError(ProfileSchema, { name: 'x'.repeat(101), surname: 'X' }, 'name')).toBe('validation.too_long');
  });
});
