import { sql, type SQL } from 'drizzle-orm';

/**
 * The one search language of the vacancy and candidate searches (docs/decisions/0015): words,
 * "quoted phrases", AND, OR, NOT, `-word` and parentheses. Adjacent terms mean AND; NOT binds
 * tighter than AND, AND tighter than OR. The operators are read in either case and in Russian
 * too (И, ИЛИ, НЕ); quoted, they are words. Unbalanced quotes or brackets are read as leniently
 * as possible. `exact` marks a quoted term: its words in that order, each whole (or a form of it).
 */
export type Query = { term: string; exact?: true } | { not: Query } | { and: Query[] } | { or: Query[] };

type Token = { kind: 'term'; value: string; exact?: true } | { kind: 'and' | 'or' | 'not' | 'open' | 'close' };

const OPERATORS: Record<string, 'and' | 'or' | 'not'> = { and: 'and', 'и': 'and', or: 'or', 'или': 'or', not: 'not', 'не': 'not' };

function tokenize(typed: string): Token[] {
  const tokens: Token[] = [];
  // «ёлочки» and “curly” quotes, as Russian text and phones' keyboards type them, quote too
  const input = typed.replace(/[«»“”„]/g, '"');
  const re = /\s*(?:"([^"]*)"?|(\()|(\))|(-)(?=\S)|([^\s()"]+))/gy;
  let match: RegExpExecArray | null;
  while ((match = re.exec(input)) && match[0] !== '') {
    const [, phrase, open, close, minus, word] = match;
    if (phrase !== undefined) {
      if (phrase.trim()) tokens.push({ kind: 'term', value: phrase.trim(), exact: true });
    } else if (open) tokens.push({ kind: 'open' });
    else if (close) tokens.push({ kind: 'close' });
    else if (minus) tokens.push({ kind: 'not' });
    else {
      // short words only: a long one cannot be an operator, and is not lower-cased for nothing
      const operator = word!.length <= 3 ? OPERATORS[word!.toLowerCase()] : undefined;
      tokens.push(operator ? { kind: operator } : { kind: 'term', value: word! });
    }
  }
  return tokens;
}

/** Deeper brackets than this are read as plain grouping of what they hold. */
const MAX_DEPTH = 16;
/** Terms beyond this many are ignored: the condition stays small whatever is typed. */
export const MAX_TERMS = 24;
/** Words of one term (a phrase) beyond this many are ignored, for the same reason. */
export const MAX_WORDS = 8;

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
        inner = terms++ < MAX_TERMS ? (token.exact ? { term: token.value, exact: true } : { term: token.value }) : undefined;
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

/**
 * The words of a term as PostgreSQL's parser will see them: letters and digits, with the joins
 * it keeps inside a word (санкт-петербург, node.js, c++, 1с:предприятие splits at the colon).
 * Nothing here is special in tsquery syntax, so a word can be quoted into `to_tsquery` as is.
 */
export function termWords(term: string): string[] {
  return normalize(term)
    .replace(/[^\p{L}\p{N}.\-_+#@]+/gu, ' ')
    .split(' ')
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
    .slice(0, MAX_WORDS);
}

/** A typed word this long (letters and digits) also finds the words it begins: "менедж", "java". */
const PREFIX_FROM = 3;

/**
 * One term as a tsquery against a vector of the 'simple', 'russian' and 'english' forms of a
 * text (candidates' `search`, vacancies' `search`): a word matches as typed, as the beginning of a word (unquoted, from
 * 3 letters), or by its Russian or English stem ("менеджера" finds "менеджер", "продажи"
 * "продажам"). Several words must stand in that order.
 */
function termQuery(term: string, exact: boolean): SQL | undefined {
  const words = termWords(term);
  if (!words.length) return undefined;
  const text = words.join(' ');
  const asTyped = exact
    ? sql`phraseto_tsquery('simple', ${text})`
    : sql`to_tsquery('simple', ${words.map((w) => (w.replace(/[^\p{L}\p{N}]/gu, '').length >= PREFIX_FROM ? `'${w}':*` : `'${w}'`)).join(' <-> ')})`;
  return sql`(${asTyped} || phraseto_tsquery('russian', ${text}) || phraseto_tsquery('english', ${text}))`;
}

/** The query as one tsquery expression; undefined when no term has a word ("+++", "-"). */
export function toTsquery(query: Query): SQL | undefined {
  if ('term' in query) return termQuery(query.term, query.exact === true);
  if ('not' in query) {
    const inner = toTsquery(query.not);
    return inner && sql`(!! ${inner})`;
  }
  const parts = ('and' in query ? query.and : query.or).map(toTsquery).filter((p): p is SQL => p !== undefined);
  if (parts.length <= 1) return parts[0];
  return sql`(${sql.join(parts, sql.raw('and' in query ? ' && ' : ' || '))})`;
}

/**
 * A position between two texts of one vector: a phrase never runs from the end of one into the
 * start of the next ("software free" must not match "free software" followed by its Russian
 * forms). Its lexeme '-' is one no text or query yields.
 */
export const GAP = sql`'-:1'::tsvector`;

/** A text as typed and in Russian and English word forms, the vector the queries above match. */
export function formsVector(text: SQL | string): SQL {
  return sql`to_tsvector('simple', ${text}) || ${GAP} || to_tsvector('russian', ${text}) || ${GAP} || to_tsvector('english', ${text})`;
}

/**
 * `column @@ query` for a typed search, or undefined when it holds no word. `(select …)` hands
 * the query over as a value the planner does not look into: it then always reads the GIN index
 * (the cost grows with the matches) instead of judging from the words' frequencies that testing
 * every row is cheaper (it never is: each test unpacks a vector; 'менеджер' took 300 ms that way
 * on 100,000 candidates, docs/decisions/0006).
 */
export function searchCondition(column: SQL | { getSQL(): SQL }, text: string): SQL | undefined {
  const query = parseQuery(text);
  const tsquery = query && toTsquery(query);
  return tsquery && sql`${column} @@ (select ${tsquery})`;
}
