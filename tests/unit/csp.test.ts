import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, trimmedPolicy } from '../../src/lib/server/csp.ts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;

describe('trimmedPolicy', () => {
  const styleA = 'body{margin:0}';
  const styleB = '.x{color:red}';
  const script = 'localStorage.setItem("i18nextLng","ru")';
  const policy = `default-src 'self';script-src 'self' ${hash(script)} ${hash('other()')};style-src 'self' ${hash(styleA)} ${hash(styleB)} ${hash('.unused{}')}; style-src-attr 'unsafe-inline';`;

  it('keeps the hashes of the inline scripts and styles the page holds, and only those', () => {
    const html = `<html><head><style>${styleA}</style><script type="module">${script}</script><script type="module" src="/_astro/a.js"></script></head><body><style>${styleB}</style></body></html>`;
    expect(trimmedPolicy(policy, html)).toBe(
      `default-src 'self';script-src 'self' ${hash(script)};style-src 'self' ${hash(styleA)} ${hash(styleB)}; style-src-attr 'unsafe-inline';`,
    );
  });

  it('leaves self and the other directives alone when the page has nothing inline', () => {
    expect(trimmedPolicy(policy, '<p>text</p>')).toBe(`default-src 'self';script-src 'self';style-src 'self'; style-src-attr 'unsafe-inline';`);
  });

  it('does not hash an external script, a tag that only starts like one, or an unclosed block', () => {
    expect([...inlineHashes('<scripts>x</scripts><script src="/a.js">ignored</script><stylesheet>y</stylesheet><style>z')]).toEqual([]);
    expect([...inlineHashes('<script>a</script><style media="print">b</style>')]).toEqual([hash('a'), hash('b')]);
  });

  it('reads a hostile page in linear time', () => {
    const html = '<script'.repeat(50_000) + '<style>'.repeat(50_000);
    const started = performance.now();
    inlineHashes(html);
    // a quadratic scan of 700 KB would take seconds; this is a bound, not a benchmark
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
