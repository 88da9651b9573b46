import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { messages, pick } from '../../src/lib/i18n/messages.ts';
import { ISLAND_MESSAGES } from '../../src/islands/messages.ts';
import { createT, localizedPath, splitLocale, type Messages } from '../../src/lib/i18n/index.ts';
import { SELF_ROLES } from '../../src/lib/schemas/auth.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const { en, ru } = messages;
const SRC = path.join(ROOT, 'src');

/** { a: { b: 'x' } } → { 'a.b': 'x' }; a non-string leaf is kept as is so the checks below can see it. */
function flatten(messages: Messages, prefix = ''): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) {
    const full = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) Object.assign(out, flatten(value, full));
    else out[full] = value;
  }
  return out;
}

const EN = flatten(en as Messages);
const RU = flatten(ru as Messages);
const LOCALE_FILES = { en: EN, ru: RU } as const;

/** The file paths under `dir` whose names end with one of `exts`. */
function sourceFiles(dir: string, exts: string[]): string[] {
  return (fs.readdirSync(dir, { recursive: true }) as string[])
    .map((name) => path.join(dir, name))
    .filter((file) => exts.some((ext) => file.endsWith(ext)) && fs.statSync(file).isFile());
}

/** Every capture of `re` (its first group that matched) over the files, with where it was seen. */
function collect(files: string[], re: RegExp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const file of files) {
    const text = fs.readFileSync(file, 'utf8');
    for (const match of text.matchAll(re)) {
      const key = match.slice(1).find((group) => group !== undefined)!;
      found.set(key, [...(found.get(key) ?? []), path.relative(ROOT, file)]);
    }
  }
  return found;
}

/** A key a `t()` call can resolve: the key itself, or the base of a plural group. */
function resolvable(flat: Record<string, unknown>, key: string): boolean {
  return typeof flat[key] === 'string' || typeof flat[`${key}_one`] === 'string';
}

function missingIn(flat: Record<string, unknown>, keys: Iterable<string>): string[] {
  return [...keys].filter((key) => !resolvable(flat, key)).sort();
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g;
const placeholders = (value: unknown) => new Set([...String(value).matchAll(PLACEHOLDER)].map((m) => m[1]!));

describe('locale files', () => {
  it('have exactly the same keys in en and ru', () => {
    const enKeys = Object.keys(EN);
    const ruKeys = Object.keys(RU);
    const missingInRu = enKeys.filter((key) => !(key in RU)).sort();
    const missingInEn = ruKeys.filter((key) => !(key in EN)).sort();
    expect({ missingInRu, missingInEn }).toEqual({ missingInRu: [], missingInEn: [] });
    expect(enKeys.length).toBeGreaterThan(50);
  });

  it('hold only non-empty strings', () => {
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) {
      const bad = Object.entries(flat)
        .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
        .map(([key, value]) => `${locale}:${key}=${JSON.stringify(value)}`);
      expect(bad, `empty or non-string values in ${locale}`).toEqual([]);
    }
  });

  it('give every Russian plural group all four forms (one, few, many, other)', () => {
    const groups = new Set(
      Object.keys(RU)
        .map((key) => /^(.*)_(one|few|many)$/.exec(key)?.[1])
        .filter((base): base is string => base !== undefined),
    );
    expect(groups.size).toBeGreaterThan(0);
    const incomplete = [...groups].flatMap((base) =>
      ['one', 'few', 'many', 'other'].filter((form) => typeof RU[`${base}_${form}`] !== 'string').map((form) => `${base}_${form}`),
    );
    expect(incomplete, 'missing Russian plural forms').toEqual([]);
  });

  it('give every English plural group the one and other forms', () => {
    const groups = new Set(Object.keys(EN).map((key) => /^(.*)_(one|few|many)$/.exec(key)?.[1]).filter(Boolean) as string[]);
    const incomplete = [...groups].flatMap((base) =>
      ['one', 'other'].filter((form) => typeof EN[`${base}_${form}`] !== 'string').map((form) => `${base}_${form}`),
    );
    expect(incomplete, 'missing English plural forms').toEqual([]);
  });

  it('use in ru every {{placeholder}} that the en value of the same key uses', () => {
    const lost: string[] = [];
    for (const [key, value] of Object.entries(EN)) {
      if (!(key in RU)) continue; // reported by the key-parity test
      const ruNames = placeholders(RU[key]);
      for (const name of placeholders(value)) if (!ruNames.has(name)) lost.push(`${key}: {{${name}}}`);
    }
    expect(lost, 'placeholders of en missing in ru').toEqual([]);
  });
});

describe('createT without counts', () => {
  it('builds no Intl object until a count needs one (an island showing no count hydrates without them)', async () => {
    vi.resetModules();
    const built: string[] = [];
    const { PluralRules, NumberFormat } = Intl;
    const counting = <C extends new (...args: never[]) => object>(name: string, Real: C) =>
      new Proxy(Real, { construct: (target, args) => (built.push(name), Reflect.construct(target, args)) });
    // PluralRules is typed read-only; the global is writable at run time
    const intl = Intl as { PluralRules: typeof PluralRules; NumberFormat: typeof NumberFormat };
    intl.PluralRules = counting('PluralRules', PluralRules);
    intl.NumberFormat = counting('NumberFormat', NumberFormat);
    try {
      const fresh = await import('../../src/lib/i18n/index.ts');
      const t = fresh.createT('ru', ru as Messages);
      const [key, text] = Object.entries(RU).find(([, value]) => typeof value === 'string' && !value.includes('{{'))!;
      expect(t(key)).toBe(text);
      expect(built).toEqual([]);
      expect(t('plural.years', { count: 3 })).toBe('3 года');
      expect(built.sort()).toEqual(['NumberFormat', 'PluralRules']);
      fresh.createT('ru', ru as Messages)('plural.years', { count: 5 });
      expect(built).toHaveLength(2);
    } finally {
      intl.PluralRules = PluralRules;
      intl.NumberFormat = NumberFormat;
    }
  });
});

describe('createT plurals', () => {
  const ruT = createT('ru', ru as Messages);
  const enT = createT('en', en as Messages);

  it.each([
    [1, '1 год'],
    [2, '2 года'],
    [5, '5 лет'],
    [11, '11 лет'],
    [21, '21 год'],
    [22, '22 года'],
    [0, '0 лет'],
    [14, '14 лет'],
  ])('ru: plural.years with count %i is "%s"', (count, expected) => {
    expect(ruT('plural.years', { count })).toBe(expected);
  });

  it.each([
    [1, '1 year'],
    [2, '2 years'],
    [5, '5 years'],
    [21, '21 years'],
  ])('en: plural.years with count %i is "%s"', (count, expected) => {
    expect(enT('plural.years', { count })).toBe(expected);
  });

  it('writes a count as the language writes numbers, and picks its plural form from the number', () => {
    expect(ruT('analytics.days', { count: 234_511 })).toBe('234\u00a0511 дней');
    expect(ruT('analytics.days', { count: 7_042 })).toBe('7\u00a0042 дня');
    expect(enT('analytics.days', { count: 234_517 })).toBe('234,517 days');
    expect(enT('analytics.days', { count: 1 })).toBe('1 day');
  });

  it('interpolates without HTML escaping', () => {
    expect(enT('auth.verify_notice', { email: 'a&b@x.io' })).toBe('We sent a 4-digit code to a&b@x.io. Enter it below.');
    expect(ruT('auth.onboarding.step', { step: 2 })).toBe('Шаг 2 из 3');
  });
});

describe('keys used by the code', () => {
  const code = sourceFiles(SRC, ['.ts', '.tsx', '.astro']);

  it('every literal t(\'…\') key in src exists in both locales', () => {
    // template literals (t(`…${x}`)) are skipped here and checked below
    const used = collect(code, /\bt\(\s*(?:'([a-z_]+\.[a-z0-9_.]+)'|"([a-z_]+\.[a-z0-9_.]+)")/g);
    expect(used.size, 'the scan found no t() calls at all').toBeGreaterThan(30);
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) {
      const missing = missingIn(flat, used.keys()).map((key) => `${key} (${used.get(key)!.join(', ')})`);
      expect(missing, `t() keys missing in ${locale}.json`).toEqual([]);
    }
  });

  it('the keys built in template literals exist in both locales', () => {
    // AuthLayout: `auth.onboarding.block${n}_title|_text`; RegisterForm: `auth.role.${name}` and `…_description`
    const built = [
      ...[1, 2, 3].flatMap((n) => [`auth.onboarding.block${n}_title`, `auth.onboarding.block${n}_text`]),
      ...SELF_ROLES.flatMap((name) => [`auth.role.${name}`, `auth.role.${name}_description`]),
    ];
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) expect(missingIn(flat, built), locale).toEqual([]);
  });

  it('every validation./error. key of the zod schemas exists in both locales', () => {
    const used = collect(sourceFiles(path.join(SRC, 'lib/schemas'), ['.ts']), /['"`]((?:validation|error)\.[a-z0-9_.]+)['"`]/g);
    expect(used.size).toBeGreaterThan(5);
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) expect(missingIn(flat, used.keys()), locale).toEqual([]);
  });

  it('every error key the server can answer exists in both locales', () => {
    const used = collect(sourceFiles(path.join(SRC, 'lib/server'), ['.ts']), /'(error\.[a-z_.]+)'/g);
    expect(used.size).toBeGreaterThan(5);
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) expect(missingIn(flat, used.keys()), locale).toEqual([]);
  });

  it('every error./validation. literal anywhere else in src (middleware, API routes, islands) exists in both locales', () => {
    const used = collect(code, /['"`]((?:validation|error)\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)['"`]/g);
    for (const [locale, flat] of Object.entries(LOCALE_FILES)) {
      // a page's pick() names whole sections ('error.common'): those count when they hold keys
      const section = (key: string) => Object.keys(flat).some((k) => k.startsWith(`${key}.`));
      const missing = missingIn(flat, [...used.keys()].filter((key) => !section(key))).map((key) => `${key} (${used.get(key)!.join(', ')})`);
      expect(missing, locale).toEqual([]);
    }
  });
});

describe('pick', () => {
  it('takes whole sections, keys with their plural forms, and keys at any depth', () => {
    const picked = pick('en', ['app', 'candidates_list.total', 'form.vacancy.salary_to', 'form.nowhere.key', 'nowhere']);
    expect(picked.app).toBe(en.app);
    expect(Object.keys(picked.candidates_list as Messages)).toEqual(['total_one', 'total_few', 'total_many', 'total_other', 'total_at_least']);
    expect(picked.form).toEqual({ vacancy: { salary_to: { min: 'The upper salary cannot be below the lower one' } } });
    expect('nowhere' in picked).toBe(false);
  });

  it('never writes into the locale files it picks from, in whatever order keys and their sections come', () => {
    const freeze = (value: unknown) => {
      if (!value || typeof value !== 'object') return;
      for (const inner of Object.values(value)) freeze(inner);
      Object.freeze(value);
    };
    freeze(en);
    const before = JSON.stringify(en);
    for (const sections of [['form', 'form.vacancy.salary_to'], ['form.vacancy', 'form.vacancy.salary_to'], ['form.vacancy.salary_to', 'form'], ['candidates_list', 'candidates_list.total']]) {
      expect(() => pick('en', sections), sections.join(' ')).not.toThrow();
    }
    expect(pick('en', ['form', 'form.vacancy.salary_to']).form).toBe(en.form);
    expect(JSON.stringify(en)).toBe(before);
  });
});

describe('the strings an island is given', () => {
  // an island's relative imports, type-only ones aside, static and import(): what its code may run
  const IMPORT = /(?:^(?:import|export)\s+(?!type\b)[^;]*?from\s+|import\(\s*)'(\.{1,2}\/[^']+)'/gm;
  function graph(entry: string): string[] {
    const seen = new Set<string>();
    const walk = (file: string) => {
      if (seen.has(file) || !/\.tsx?$/.test(file) || !fs.existsSync(file)) return;
      seen.add(file);
      for (const match of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) walk(path.resolve(path.dirname(file), match[1]!));
    };
    walk(entry);
    return [...seen];
  }
  /** A key of the locale files, or a section.key with plural forms or nested keys below it. */
  const known = (key: string) => resolvable(EN, key) || Object.keys(EN).some((k) => k.startsWith(`${key}.`));

  // lib/schemas/*.ts hold every form's messages beside the filters the lists and the board parse
  // with: these show only the form messages their lists name
  const FILTERS_ONLY = new Set(['candidates-list/CandidatePicker', 'dashboard/VacancyBoard']);

  it.each(Object.entries(ISLAND_MESSAGES))('%s holds every key its code uses, and the errors an answer names', (name, sections) => {
    const files = graph(path.join(SRC, 'islands', `${name}.tsx`));
    expect(files.length, 'the island\'s file and its imports').toBeGreaterThan(1);
    // every quoted string that is a key: t('a.b'), t(cond ? 'a.b' : 'a.c'), { label: 'a.b' }, a schema's messages
    const literal = [...collect(files, /['"`]([a-z_]+\.[a-z0-9_]+(?:\.[a-z0-9_]+)*)['"`]/g).keys()]
      .filter((key) => known(key) && !(FILTERS_ONLY.has(name) && key.startsWith('form.')));
    // keys built at run time: t(`a.b.${x}`) and t(`a.b_${x}`) need what a.b holds or starts
    const built = [...collect(files, /\bt\(\s*`([a-z_]+\.[a-z0-9_]+)[._]\$\{/g).keys()];
    expect(literal.length, 'the scan found the island\'s keys').toBeGreaterThan(3);
    for (const locale of ['en', 'ru'] as const) {
      const given = flatten(pick(locale, sections));
      const holds = (prefix: string) => Object.keys(given).some((key) => key.startsWith(`${prefix}.`) || key.startsWith(`${prefix}_`));
      expect(literal.filter((key) => !resolvable(given, key) && !holds(key)), `${locale}: keys the code names`).toEqual([]);
      expect(built.filter((prefix) => !holds(prefix)), `${locale}: keys the code builds`).toEqual([]);
      // what every API may answer: its common errors, a body's validation, the fallback
      const all = locale === 'en' ? EN : RU;
      const answered = Object.keys(all).filter((key) => key.startsWith('error.common.') || key.startsWith('validation.') || key === 'error.internal');
      expect(missingIn(given, answered), `${locale}: answers`).toEqual([]);
    }
  });

  it("the lists that run bulk actions hold every reason the server gives for skipping a candidate", () => {
    // a skip reason arrives as data (bulk.ts), and BulkBar shows t(reason): no scan of the island sees it
    const reasons = [...collect([path.join(SRC, 'lib/server/bulk.ts')], /'(bulk\.skip\.[a-z_]+)'/g).keys()];
    expect(reasons.length).toBeGreaterThan(2);
    for (const island of ['candidates-list/CandidatePicker', 'candidates-list/VacancyCandidates'] as const) {
      for (const locale of ['en', 'ru'] as const) expect(missingIn(flatten(pick(locale, ISLAND_MESSAGES[island])), reasons), `${island} ${locale}`).toEqual([]);
    }
  });

  it('every island on a page gets its messages from ISLAND_MESSAGES', () => {
    const pages = sourceFiles(path.join(SRC, 'pages'), ['.astro']).concat(sourceFiles(path.join(SRC, 'components'), ['.astro']));
    const rendered = collect(pages, /<([A-Z]\w+)\s[^>]*?client:/g);
    const islands = new Set(Object.keys(ISLAND_MESSAGES).map((name) => name.split('/')[1]));
    expect(rendered.size, 'the scan found the pages\' islands').toBeGreaterThan(10);
    expect([...rendered.keys()].filter((island) => !islands.has(island))).toEqual([]);
    expect([...collect(pages, /\b(pick)\(\s*locale/g).values()].flat(), 'pages that pick messages by hand').toEqual([]);
  });
});

describe('localizedPath', () => {
  it.each([
    ['/auth/login', 'ru', '/ru/auth/login'],
    ['/', 'ru', '/ru'],
    ['/', 'en', '/'],
    ['/auth/login', 'en', '/auth/login'],
    ['auth/login', 'ru', '/ru/auth/login'],
    ['/profile?x=1', 'ru', '/ru/profile?x=1'],
  ] as const)('localizedPath(%j, %s) is %j', (input, locale, expected) => {
    expect(localizedPath(input, locale)).toBe(expected);
  });
});

describe('splitLocale', () => {
  it.each([
    ['/ru/auth/login', { locale: 'ru', path: '/auth/login' }],
    ['/ru', { locale: 'ru', path: '/' }],
    ['/ru/', { locale: 'ru', path: '/' }],
    ['/rus/x', { locale: 'en', path: '/rus/x' }],
    ['/auth/login', { locale: 'en', path: '/auth/login' }],
    ['/', { locale: 'en', path: '/' }],
    ['/en/x', { locale: 'en', path: '/en/x' }],
  ] as const)('splitLocale(%j)', (input, expected) => {
    expect(splitLocale(input)).toEqual(expected);
  });

  it('round-trips with localizedPath', () => {
    for (const p of ['/', '/auth/login', '/recruiter/vacancy/add']) {
      expect(splitLocale(localizedPath(p, 'ru'))).toEqual({ locale: 'ru', path: p });
      expect(splitLocale(localizedPath(p, 'en'))).toEqual({ locale: 'en', path: p });
    }
  });
});

describe('Russian that agrees with what it names', () => {
  const ru = createT('ru', messages.ru);
  const en = createT('en', messages.en);

  it('says one vacancy and several alike in the consent terms', () => {
    expect(ru('consent.terms.purpose_vacancies', { count: 1, vacancies: '«A»' })).toBe('Рассмотрение вашей кандидатуры на вакансию «A» и связь с вами по ней.');
    expect(ru('consent.terms.purpose_vacancies', { count: 2, vacancies: '«A», «B»' })).toContain('на вакансии «A», «B» и связь с вами по ним.');
    expect(ru('consent.terms.purpose_vacancies', { count: 5, vacancies: '…' })).toContain('по ним');
    expect(en('consent.terms.purpose_vacancies', { count: 1, vacancies: '«A»' })).toBe('Considering you for the vacancy «A» and contacting you about it.');
  });

  it('counts the candidates and the days of a shortlist mail in words that agree', () => {
    const params = { name: 'Kate', sender: 'Ira', vacancy: 'QA', link: 'https://x' };
    expect(ru('shortlist.mail_text', { ...params, count: 1 })).toContain('В нём 1 кандидат.');
    expect(ru('shortlist.mail_text', { ...params, count: 3 })).toContain('В нём 3 кандидата.');
    expect(ru('shortlist.mail_text', { ...params, count: 11 })).toContain('В нём 11 кандидатов.');
    expect(ru('shortlist.mail_days', { count: 1 })).toBe('Ссылка только для вас и работает 1 день.');
    expect(ru('shortlist.mail_days', { count: 7 })).toBe('Ссылка только для вас и работает 7 дней.');
    expect(en('shortlist.mail_text', { ...params, count: 1 })).toContain('sent you 1 candidate for');
    expect(en('shortlist.mail_days', { count: 7 })).toBe('The link is yours alone and works for 7 days.');
  });

  it('puts a candidate’s name where it needs no declension and no gender', () => {
    const named = [
      'feed.stage', 'feed.priority', 'feed.rating', 'feed.candidate_added', 'feed.added_to_vacancy', 'notifications.text.stage', 'notifications.text.rated', 'interview.title', 'mail.interview_subject',
      // the mails too (a newcomer's walk read «с кандидатом Иван Петров»)
      'mail.interview_text', 'mail.interview_updated_text', 'mail.interview_cancelled_text', 'shortlist.interview_text',
    ];
    for (const key of named) {
      const text = ru(key, { candidate: 'Лариса Попова', user: 'Ира', actor: 'Ира', stage: 'Архив', priority: 'Высокий', score: 5, vacancy: 'Python', when: 'завтра' });
      // the name is never the object of a preposition or a case ending, nor the subject of a past participle
      expect(text, key).not.toMatch(/кандидат(?:у|а|ом)? Лариса|Лариса Попова (?:переведён|добавлен)/);
    }
  });
});
