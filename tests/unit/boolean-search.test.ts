import { describe, expect, it } from 'vitest';
import { normalize, parseQuery, type Query } from '../../src/lib/server/search/boolean.ts';

/** Evaluates a parsed query against a text the way the SQL does (substring, normalized). */
function matches(query: Query | undefined, text: string): boolean {
  if (!query) return true;
  const haystack = normalize(text);
  if ('term' in query) return haystack.includes(normalize(query.term));
  if ('not' in query) return !matches(query.not, text);
  if ('and' in query) return query.and.every((q) => matches(q, text));
  return query.or.some((q) => matches(q, text));
}

const docs = {
  pm: 'Project manager, IT department, Jira Scrum, Москва',
  dev: 'Senior developer, IT, TypeScript React, Санкт-Петербург',
  sales: 'Менеджер по продажам, отдел продаж, CRM, Орёл',
};
const found = (q: string) => Object.entries(docs).filter(([, text]) => matches(parseQuery(q), text)).map(([k]) => k);

describe('boolean search', () => {
  it('treats adjacent words as AND', () => {
    expect(found('manager jira')).toEqual(['pm']);
    expect(found('manager AND jira')).toEqual(['pm']);
  });
  it('supports OR, NOT and -word', () => {
    expect(found('typescript OR crm')).toEqual(['dev', 'sales']);
    expect(found('IT NOT senior')).toEqual(['pm']);
    expect(found('IT -senior')).toEqual(['pm']);
  });
  it('keeps quoted phrases together', () => {
    expect(found('"project manager"')).toEqual(['pm']);
    expect(found('"manager project"')).toEqual([]);
  });
  it('binds NOT tighter than AND, AND tighter than OR, and honours brackets', () => {
    expect(found('crm OR jira AND NOT scrum')).toEqual(['sales']);
    expect(found('(crm OR jira) AND NOT scrum')).toEqual(['sales']);
    expect(found('(crm OR jira) scrum')).toEqual(['pm']);
  });
  it('is case-insensitive and folds ё', () => {
    expect(found('орел')).toEqual(['sales']);
    expect(found('МЕНЕДЖЕР')).toEqual(['sales']);
  });
  it('reads broken input leniently', () => {
    expect(found('"project manager')).toEqual(['pm']);
    expect(found('(jira')).toEqual(['pm']);
    expect(found('jira)')).toEqual(['pm']);
    expect(found('AND OR')).toEqual(['pm', 'dev', 'sales']);
    expect(parseQuery('   ')).toBeUndefined();
  });
  it('accepts the Russian operators И, ИЛИ, НЕ', () => {
    expect(found('crm ИЛИ jira')).toEqual(['pm', 'sales']);
    expect(found('IT НЕ senior')).toEqual(['pm']);
  });
});
