import { sql, type SQL } from 'drizzle-orm';

/**
 * Boolean search as the dashboard's hint promises: words, "quoted phrases", AND, OR, NOT and
 * parentheses. Adjacent terms mean AND; NOT binds tighter than AND, AND tighter than OR.
 * `-word` is NOT word. Unbalanced quotes or brackets are read as leniently as possible.
 */
export type Query = { term: string } | { not: Query } | { and: Query[] } | { or: Query[] };

type Token = { kind: 'term'; value: string } | { kind: 'and' | 'or' | 'not' | 'open' | 'close' };

function tokenize(input: string): Token[] {
  const tokens: Token[] = [];
  const re = /\s*(?:"([^"]*)"?|(\()|(\))|(-)(?=\S)|([^\s()"]+))/gy;
  let match: RegExpExecArray | null;
  while ((match = re.exec(input)) && match[0] !== '') {
    const [, phrase, open, close, minus, word] = match;
    if (phrase !== undefined) {
      if (phrase.trim()) tokens.push({ kind: 'term', value: phrase.trim() });
    } else if (open) tokens.push({ kind: 'open' });
    else if (close) tokens.push({ kind: 'close' });
    else if (minus) tokens.push({ kind: 'not' });
    else if (word === 'AND' || word === 'И') tokens.push({ kind: 'and' });
    else if (word === 'OR' || word === 'ИЛИ') tokens.push({ kind: 'or' });
    else if (word === 'NOT' || word === 'НЕ') tokens.push({ kind: 'not' });
    else tokens.push({ kind: 'term', value: word! });
  }
  return tokens;
}

export function parseQuery(input: string): Query | undefined {
  const tokens = tokenize(input);
  let i = 0;
  const peek = () => tokens[i];

  function primary(): Query | undefined {
    const token = tokens[i++];
    if (!token) return undefined;
    if (token.kind === 'term') return { term: token.value };
    if (token.kind === 'not') {
      const inner = primary();
      return inner && { not: inner };
    }
    if (token.kind === 'open') {
      const inner = or();
      if (peek()?.kind === 'close') i++;
      return inner;
    }
    return primary(); // a stray AND, OR or ')' is skipped
  }

  function and(): Query | undefined {
    const parts: Query[] = [];
    for (;;) {
      const next = peek();
      if (!next || next.kind === 'or' || next.kind === 'close') break;
      if (next.kind === 'and') {
        i++;
        continue;
      }
      const part = primary();
      if (part) parts.push(part);
    }
    return parts.length > 1 ? { and: parts } : parts[0];
  }

  function or(): Query | undefined {
    const parts: Query[] = [];
    for (;;) {
      const part = and();
      if (part) parts.push(part);
      if (peek()?.kind === 'or') i++;
      else if (peek()?.kind === 'close' && parts.length === 0) i++;
      else break;
    }
    return parts.length > 1 ? { or: parts } : parts[0];
  }

  const result = or();
  // what is left after a stray ')' still counts, joined with AND
  const rest = i < tokens.length ? parseQuery(tokens.slice(i + 1).map(tokenText).join(' ')) : undefined;
  return result && rest ? { and: [result, rest] } : (result ?? rest);
}

function tokenText(token: Token): string {
  switch (token.kind) {
    case 'term':
      return `"${token.value}"`;
    case 'and':
      return 'AND';
    case 'or':
      return 'OR';
    case 'not':
      return 'NOT';
    case 'open':
      return '(';
    case 'close':
      return ')';
  }
}

/** Lower-cases and folds ё to е, as the searched text is stored. */
export function normalize(text: string): string {
  return text.toLowerCase().replace(/ё/g, 'е');
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The query as a condition on a normalized text column: each term a substring match. */
export function toSql(query: Query, column: SQL | { getSQL(): SQL }): SQL {
  if ('term' in query) return sql`${column} like ${`%${escapeLike(normalize(query.term))}%`}`;
  if ('not' in query) return sql`not (${toSql(query.not, column)})`;
  const parts = ('and' in query ? query.and : query.or).map((q) => sql`(${toSql(q, column)})`);
  return sql.join(parts, sql.raw('and' in query ? ' and ' : ' or '));
}
