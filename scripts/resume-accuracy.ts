/**
 * Prints the résumé parser's per-field accuracy over tests/fixtures/resumes as a Markdown table
 * (README.md "Résumé parsing accuracy"); `--misses` also lists every miss.
 *
 *   node scripts/resume-accuracy.ts [--misses]
 */
import { FIELDS, scoreAll, summary } from '../tests/fixtures/resumes/score.ts';

const outcomes = await scoreAll();
const pct = ([right, of]: [number, number]) => (of === 0 ? '—' : `${Math.round((100 * right) / of)}% (${right}/${of})`);
const groups = [
  ['tuning', outcomes.filter((o) => o.set === 'tuning')],
  ['held-out', outcomes.filter((o) => o.set === 'held-out')],
  ...[1, 2].map((batch) => [`held-out batch ${batch}`, outcomes.filter((o) => o.set === 'held-out' && o.batch === batch)] as const),
] as const;
for (const [set, mine] of groups) {
  const table = summary(mine);
  console.log(`\n${set}: ${mine.length} résumés, ${mine.filter((o) => o.lang === 'ru').length} in Russian and ${mine.filter((o) => o.lang === 'en').length} in English\n`);
  console.log('| Field | Russian | English | All |');
  console.log('| --- | --- | --- | --- |');
  for (const field of FIELDS) console.log(`| ${field} | ${pct(table[field].ru)} | ${pct(table[field].en)} | ${pct(table[field].all)} |`);
}
if (process.argv.includes('--misses')) {
  for (const o of outcomes) {
    const missed = FIELDS.filter((f) => o.counts[f][0] < o.counts[f][1]);
    if (missed.length) console.log(`\n${o.file}: ${missed.join(', ')}\n${JSON.stringify(o.parsed, (k, v) => (k === 'cityHints' ? undefined : v))}`);
  }
}
