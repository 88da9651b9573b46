import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MAX_TERMS, MAX_WORDS, parseQuery, searchCondition, termWords, toTsquery } from '../../src/lib/server/search/boolean.ts';

// The parser is shared by the vacancy and the candidate search; what the words match (forms,
// prefixes, phrases) is checked against PostgreSQL in tests/api/vacancies.test.ts and
// tests/api/candidates.test.ts.

const t = (term: string) => ({ term });
const q = (term: string) => ({ term, exact: true });

describe('the search language', () => {
  it('treats adjacent words as AND, with or without the operator', () => {
    expect(parseQuery('manager jira')).toEqual({ and: [t('manager'), t('jira')] });
    expect(parseQuery('manager AND jira')).toEqual({ and: [t('manager'), t('jira')] });
  });

  it('reads OR, NOT and -word', () => {
    expect(parseQuery('typescript OR crm')).toEqual({ or: [t('typescript'), t('crm')] });
    expect(parseQuery('IT NOT senior')).toEqual({ and: [t('IT'), { not: t('senior') }] });
    expect(parseQuery('Java -Free')).toEqual({ and: [t('Java'), { not: t('Free') }] });
  });

  it('keeps a hyphen inside a word: Санкт-Петербург, e-mail', () => {
    expect(parseQuery('Санкт-Петербург -e-mail')).toEqual({ and: [t('Санкт-Петербург'), { not: t('e-mail') }] });
    expect(parseQuery('a - b')).toEqual({ and: [t('a'), t('-'), t('b')] });
  });

  it('reads the operators in any case and in Russian; quoted they are words', () => {
    expect(parseQuery('sales or marketing')).toEqual({ or: [t('sales'), t('marketing')] });
    expect(parseQuery('sales and not marketing')).toEqual({ and: [t('sales'), { not: t('marketing') }] });
    expect(parseQuery('crm ИЛИ jira')).toEqual({ or: [t('crm'), t('jira')] });
    expect(parseQuery('продажи или закупки не опт')).toEqual({ or: [t('продажи'), { and: [t('закупки'), { not: t('опт') }] }] });
    expect(parseQuery('IT И senior')).toEqual({ and: [t('IT'), t('senior')] });
    expect(parseQuery('"research and development"')).toEqual(q('research and development'));
    expect(parseQuery('"or" "not"')).toEqual({ and: [q('or'), q('not')] });
  });

  it('keeps quoted phrases together and marks them exact', () => {
    expect(parseQuery('"главного бухгалтера"')).toEqual(q('главного бухгалтера'));
    expect(parseQuery('главного бухгалтера')).toEqual({ and: [t('главного'), t('бухгалтера')] });
    expect(parseQuery('«главный бухгалтер» “java developer” „x“')).toEqual({ and: [q('главный бухгалтер'), q('java developer'), q('x')] });
  });

  it('binds NOT tighter than AND, AND tighter than OR, and honours brackets', () => {
    expect(parseQuery('crm OR jira AND NOT scrum')).toEqual({ or: [t('crm'), { and: [t('jira'), { not: t('scrum') }] }] });
    expect(parseQuery('(crm OR jira) AND NOT scrum')).toEqual({ and: [{ or: [t('crm'), t('jira')] }, { not: t('scrum') }] });
    expect(parseQuery('-(crm OR jira)')).toEqual({ not: { or: [t('crm'), t('jira')] } });
  });

  it('reads broken input leniently', () => {
    expect(parseQuery('"project manager')).toEqual(q('project manager'));
    expect(parseQuery('(jira')).toEqual(t('jira'));
    expect(parseQuery('jira)')).toEqual(t('jira'));
    expect(parseQuery('AND OR')).toBeUndefined();
    expect(parseQuery('   ')).toBeUndefined();
    expect(parseQuery('""')).toBeUndefined();
  });
});

describe('words of a term', () => {
  it('are lower-cased, ё folded, joins PostgreSQL keeps inside a word kept, the rest spaces', () => {
    expect(termWords('Орёл')).toEqual(['орел']);
    expect(termWords('Санкт-Петербург')).toEqual(['санкт-петербург']);
    expect(termWords('Node.js, C++')).toEqual(['node.js', 'c++']);
    expect(termWords("1С:Предприятие 'x' \\ * & | ! <->")).toEqual(['1с', 'предприятие', 'x']);
    expect(termWords('+++ ... -')).toEqual([]);
  });

  it('never hold a character tsquery syntax would read', () => {
    for (const word of termWords(`a'b c\\d e:*f g&h i|j k!l m<n>o (p) "q"`)) expect(word).toMatch(/^[\p{L}\p{N}.\-_+#@]+$/u);
  });
});

describe('the query in SQL', () => {
  const dialect = new PgDialect();
  const render = (input: string) => {
    const query = parseQuery(input);
    const tsquery = query && toTsquery(query);
    if (!tsquery) return undefined;
    const { sql: text, params } = dialect.sqlToQuery(tsquery);
    return { sql: text, params };
  };

  it('matches a word as typed (a prefix from 3 letters) or by its Russian or English form', () => {
    expect(render('менеджера')).toEqual({
      sql: "(to_tsquery('simple', $1) || phraseto_tsquery('russian', $2) || phraseto_tsquery('english', $3))",
      params: ["'менеджера':*", 'менеджера', 'менеджера'],
    });
    expect(render('Go')!.params[0]).toBe("'go'");
    expect(render('Санкт-Петербург')!.params[0]).toBe("'санкт-петербург':*");
    expect(render('1С:Предприятие')!.params[0]).toBe("'1с' <-> 'предприятие':*");
  });

  it('matches a quoted phrase as whole words in that order', () => {
    expect(render('"главного бухгалтера"')).toEqual({
      sql: "(phraseto_tsquery('simple', $1) || phraseto_tsquery('russian', $2) || phraseto_tsquery('english', $3))",
      params: ['главного бухгалтера', 'главного бухгалтера', 'главного бухгалтера'],
    });
  });

  it('joins terms with the tsquery operators', () => {
    expect(render('Java -Free OR "x"')!.sql).toMatch(/^\(\(\(.*\) && \(!! \(.*\)\)\) \|\| \(.*\)\)$/);
  });

  it('drops terms without a word, and is nothing when none has one', () => {
    expect(render('+++ OR -')).toBeUndefined();
    expect(render('java -+++')!.params).toEqual(["'java':*", 'java', 'java']);
    expect(searchCondition(sql`v`, 'AND -')).toBeUndefined();
    expect(dialect.sqlToQuery(searchCondition(sql`v`, 'java')!).sql).toMatch(/^v @@ \(select \(/);
  });

  it('stays small whatever is typed: at most MAX_TERMS terms of MAX_WORDS words', () => {
    const hostile = [
      'word '.repeat(20_000),
      '"' + 'a '.repeat(30_000) + '"',
      ('(x OR -"y z" AND ' + 'NOT '.repeat(10) + 'w) ').repeat(2_000),
      '('.repeat(30_000) + 'a' + ')'.repeat(30_000),
      '-'.repeat(60_000) + 'a',
      'x'.repeat(100_000),
    ];
    for (const input of hostile) {
      const rendered = render(input)!;
      expect(rendered.params.length).toBeLessThanOrEqual(MAX_TERMS * 3);
      for (const param of rendered.params) expect(String(param).split(' ').filter((w) => w !== '<->').length).toBeLessThanOrEqual(MAX_WORDS);
    }
  });
});
