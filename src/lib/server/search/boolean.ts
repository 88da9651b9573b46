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

/** Deeper brackets than this are read as plain grouping of what they hold. */
const MAX_DEPTH = 16;
/** Terms beyond this many are ignored: the condition stays small whatever is typed. */
export const MAX_TERMS = 24;

/**
 * One pass over the tokens (no backtracking, no re-reading): linear in the input. A stray `)`
 * is skipped and what follows it is joined with AND.
 */
export function parseQuery(input: string): Query | undefined {
  const tokens = tokenize(input);
  let i = 0;
  let depth = 0;
  let terms = 0;
  const peek = () => tokens[i];

  function primary(): Query | undefined {
    // NOT NOT … x is a loop, not a recursion
    let negations = 0;
    for (;;) {
      const token = tokens[i++];
      if (!token) return undefined;
      if (token.kind === 'not') {
        negations++;
        continue;
      }
      let inner: Query | undefined;
      if (token.kind === 'term') {
        inner = terms++ < MAX_TERMS ? { term: token.value } : undefined;
      } else if (token.kind === 'open') {
        if (depth >= MAX_DEPTH) continue; // too deep: the bracket is ignored
        depth++;
        inner = or();
        depth--;
        if (peek()?.kind === 'close') i++;
      } else {
        continue; // a stray AND, OR or ')' is skipped
      }
      return inner && negations % 2 === 1 ? { not: inner } : inner;
    }
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
      else break;
    }
    return parts.length > 1 ? { or: parts } : parts[0];
  }

  const parts: Query[] = [];
  while (i < tokens.length) {
    const part = or();
    if (part) parts.push(part);
    if (peek()?.kind === 'close') i++; // a stray ')' at the top
  }
  return parts.length > 1 ? { and: parts } : parts[0];
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
