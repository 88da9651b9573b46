import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  EmailSchema,
  dateSchema,
  intId,
  intParam,
  isCalendarDate,
  isEmail,
  isMoment,
  optionalMoney,
  optionalText,
  requiredText,
  textParam,
} from '../../src/lib/schemas/common.ts';
import { CandidateQuerySchema, CandidateSchema } from '../../src/lib/schemas/candidate.ts';
import { VacancySchema } from '../../src/lib/schemas/vacancy.ts';
import { InterviewSchema } from '../../src/lib/schemas/interview.ts';
import { ChatMessageSchema } from '../../src/lib/schemas/chat.ts';
import { parseQuery, MAX_TERMS, type Query } from '../../src/lib/server/search/boolean.ts';
import { trimSlashes } from '../../src/lib/routes.ts';

const issues = (schema: z.ZodMiniType, value: unknown) => {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}:${i.message}`);
};

describe('safe texts', () => {
  it.each([['a\u0000b'], ['\u0000'], ['a\u0007'], ['x\u007f']])('refuses control characters in %j', (value) => {
    expect(issues(requiredText('k'), value)).toEqual([':validation.invalid_characters']);
    expect(issues(optionalText(100, { multiline: true }), value)).toEqual([':validation.invalid_characters']);
    expect(issues(textParam, value)).toEqual([':validation.invalid_characters']);
  });

  it('takes line breaks only where the text is multi-line', () => {
    expect(issues(requiredText('k'), 'a\r\nb')).toEqual([':validation.invalid_characters']);
    expect(issues(requiredText('k', 100, { multiline: true }), 'a\r\nb\tc')).toEqual([]);
  });

  it('takes out direction overrides, embeddings and isolates, and keeps the marks', () => {
    // "invoice", a right-to-left override, "fdp.exe": shown as "invoiceexe.pdf"
    expect(requiredText('k').parse(' invoice\u202efdp.exe ')).toBe('invoicefdp.exe');
    expect(optionalText(100, { multiline: true }).parse('a\u202ab\u202cc\n\u2066d\u2069')).toBe('abc\nd');
    expect(ChatMessageSchema.parse({ recipientId: 'x', text: 'hi \u202dthere' }).text).toBe('hi there');
    // nothing but overrides is nothing
    expect(issues(requiredText('k'), '\u202e\u202e')).toEqual([':k']);
    expect(requiredText('k').parse('\u05e9\u05dc\u05d5\u05dd \u200fok\u200e')).toBe('\u05e9\u05dc\u05d5\u05dd \u200fok\u200e');
  });

  it.each([['\u200b'], ['\u200e\u200f'], ['\u3164'], ['\u115f\u1160'], ['\u2800'], ['\u00a0\u2003'], ['\ufeff']])('calls %j, which shows nothing, missing', (value) => {
    expect(issues(requiredText('k'), value)).toEqual([':k']);
  });

  it('refuses an address with an invisible character in it', () => {
    expect(issues(EmailSchema, 'x\u202egpj.exe@example.com')).toEqual([':validation.email_invalid']);
    expect(issues(EmailSchema, 'a\u200b@example.com')).toEqual([':validation.email_invalid']);
    expect(isEmail('\u202ereganam-ytiruces@example.com')).toBe(false);
    // blanks that are not whitespace to the pattern: a sentence could pass for an address
    for (const blank of ['\u2800', '\u3164', '\u115f', '\u1160', '\uffa0', '\u00a0', '\u3000']) expect(isEmail(`your${blank}account${blank}is${blank}locked@example.com`), blank.codePointAt(0)!.toString(16)).toBe(false);
    expect(isEmail('анна@пример.рф')).toBe(true);
  });

  it('says too long before it looks at the characters', () => {
    expect(issues(requiredText('k', 5), 'a\u0000bcdefgh')).toEqual([':validation.too_long']);
  });
});

describe('safe numbers', () => {
  it.each([[1.5], ['1.5'], [1e20], ['1e20'], [-1], ['abc'], [2 ** 31]])('refuses %j as a city id', (value) => {
    expect(issues(intId('k'), value)).toEqual([':validation.invalid']);
  });

  it('calls a missing or non-numeric value by the field\'s required message', () => {
    expect(issues(intId('k'), null)).toEqual([':k']);
    expect(issues(intId('k'), true)).toEqual([':k']);
    expect(issues(intId('k'), '')).toEqual([':k']);
  });

  it('takes whole numbers in range, from JSON and from forms', () => {
    expect(intId('k').parse(12)).toBe(12);
    expect(intId('k').parse(' 12 ')).toBe(12);
    expect(optionalMoney.parse('')).toBeUndefined();
    expect(optionalMoney.parse(null)).toBeUndefined();
    expect(optionalMoney.parse(150000)).toBe(150000);
    expect(issues(optionalMoney, 1e20)).toEqual([':validation.number_invalid']);
  });

  it('refuses fractions and overflows in query parameters, and empty is "not given"', () => {
    expect(issues(intParam(), '1.5')).toEqual([':validation.number_invalid']);
    expect(issues(intParam(), '1e20')).toEqual([':validation.number_invalid']);
    expect(intParam().parse('')).toBeUndefined();
    expect(intParam().parse(undefined)).toBeUndefined();
    expect(issues(CandidateQuerySchema, { page: '1e20' })).toEqual(['page:validation.number_invalid']);
    expect(issues(CandidateQuerySchema, { salaryFrom: '1e20', city: '1.5' })).toEqual(['salaryFrom:validation.number_invalid', 'city:validation.invalid']);
  });
});

describe('safe dates', () => {
  it.each([['2020-02-31'], ['0000-01-01'], ['2021-13-01'], ['2021-00-10'], ['1899-12-31'], ['99999-01-01'], ['2020-2-3'], ['yesterday']])('%s is not a calendar date', (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(issues(dateSchema('bad'), value)).toEqual([':bad']);
  });

  it('takes a real day, and cuts a longer ISO text to it', () => {
    expect(isCalendarDate('2020-02-29')).toBe(true);
    expect(dateSchema('bad').parse('1990-05-17T00:00:00.000Z')).toBe('1990-05-17');
  });

  it('refuses moments PostgreSQL would not store', () => {
    expect(isMoment('+200000-01-01T10:00:00Z')).toBe(false);
    expect(isMoment('2030-01-01T10:00:00Z')).toBe(true);
  });

  it('refuses impossible dates of birth and interviews in year 200000', () => {
    expect(issues(CandidateSchema, { name: 'A', surname: 'B', dob: '2020-02-31' })).toEqual(['dob:form.candidate.dob.invalid']);
    const interview = { candidateId: 'c', startsAt: '+200000-01-01T10:00:00Z', durationMinutes: 30, kind: 'phone', participants: ['u'] };
    expect(issues(InterviewSchema, interview)).toEqual(['startsAt:interview.error.starts_at']);
  });
});

describe('the vacancy form refuses what PostgreSQL would', () => {
  const valid = {
    positionType: 1, positionName: 'PM', quantity: 1, hardSkills: ['Jira'], jobExperience: 1, softSkills: [1], country: 'ru',
    cityId: 1, address: 'Street 1', salary: 1000, schedule: 1, customers: ['c'], mainCustomer: 'c',
  };
  it('takes a valid one', () => expect(issues(VacancySchema, valid)).toEqual([]));
  it.each([
    [{ salary: 1e20 }, 'salary:validation.number_invalid'],
    [{ cityId: 1.5 }, 'cityId:validation.invalid'],
    [{ softSkills: [1e20] }, 'softSkills.0:validation.invalid'],
    [{ quantity: 2.5 }, 'quantity:form.vacancy.quantity.min'],
    [{ positionName: 'P\u0000M' }, 'positionName:validation.invalid_characters'],
  ])('%j → %s', (change, expected) => {
    expect(issues(VacancySchema, { ...valid, ...change })).toEqual([expected]);
  });

  it('names a reversed salary range and a main customer not chosen beside the form\'s other mistakes', () => {
    const found = issues(VacancySchema, { positionName: '', salary: '200000', salaryTo: '100000', customers: ['a'], mainCustomer: 'b' });
    expect(found).toContain('positionName:form.vacancy.position_name.required');
    expect(found).toContain('salaryTo:form.vacancy.salary_to.min');
    expect(found).toContain('mainCustomer:form.vacancy.main_customer.included');
    // a range whose lower bound is itself wrong says only that
    expect(issues(VacancySchema, { ...valid, salary: 'x', salaryTo: '100' })).toEqual(['salary:validation.number_invalid']);
  });
});

describe('patterns run in linear time on hostile input', () => {
  it('the e-mail check refuses long and pathological addresses at once', () => {
    const hostile = ['a@' + 'a.'.repeat(40_000), 'a@' + '.a'.repeat(40_000) + '!', 'x'.repeat(80_000) + '@', '@'.repeat(80_000)];
    const started = performance.now();
    for (const value of hostile) {
      expect(isEmail(value)).toBe(false);
      expect(EmailSchema.safeParse(value).success).toBe(false);
    }
    // quadratic backtracking took seconds per address; linear work takes well under one
    expect(performance.now() - started).toBeLessThan(1000);
    expect(isEmail('a@' + 'b.'.repeat(100) + 'ru')).toBe(true);
  });

  it('the boolean search reads brackets, stray closers and negations in one pass, with bounded terms', () => {
    const countTerms = (q: Query | undefined): number =>
      !q ? 0 : 'term' in q ? 1 : 'not' in q ? countTerms(q.not) : ('and' in q ? q.and : q.or).reduce((n, p) => n + countTerms(p), 0);
    const inputs = ['('.repeat(50_000) + 'a', ')'.repeat(50_000) + 'a', 'NOT '.repeat(20_000) + 'a', 'a OR '.repeat(20_000) + 'b', '"'.repeat(50_001)];
    for (const input of inputs) expect(countTerms(parseQuery(input))).toBeLessThanOrEqual(MAX_TERMS);
    expect(parseQuery(')a) b')).toEqual({ and: [{ term: 'a' }, { term: 'b' }] });
    expect(parseQuery('NOT NOT a')).toEqual({ term: 'a' });
  });

  it('trailing slashes are trimmed without a pattern', () => {
    expect(trimSlashes('/' + '/'.repeat(100_000) + 'x' + '/'.repeat(3))).toBe('/' + '/'.repeat(100_000) + 'x');
    expect(trimSlashes('/')).toBe('/');
    expect(trimSlashes('///')).toBe('/');
  });
});
