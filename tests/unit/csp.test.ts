import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { inlineHashes, trimmedPolicy } from '../../src/lib/server/csp.ts';

const hash = (body: string) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`;
const hashes = (html: string) => [...(inlineHashes(html) ?? ['unreadable'])];

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

  it('keeps the whole policy for a page it cannot read to the end, and never trims beside unsafe-inline', () => {
    expect(trimmedPolicy(policy, `<style>${styleA}`)).toBe(policy);
    expect(trimmedPolicy(policy, '<p title="x>text</p>')).toBe(policy);
    const loose = `script-src 'self' 'unsafe-inline' ${hash('x')}`;
    expect(trimmedPolicy(loose, '<p>text</p>')).toBe(loose);
  });
});

describe('inlineHashes', () => {
  it('hashes inline blocks, not external scripts or tags that only start like one', () => {
    expect(hashes('<scripts>x</scripts><script src="/a.js">ignored</script><stylesheet>y</stylesheet>')).toEqual([]);
    expect(hashes('<script>a</script><style media="print">b</style><SCRIPT>c</SCRIPT ><script/>d</script>')).toEqual([hash('a'), hash('b'), hash('c'), hash('d')]);
  });

  it('reads what people typed into an attribute as the value it is, so the real blocks after it keep their hashes', () => {
    // Astro escapes only & and " in attribute values
    const island = 'customElements.define("astro-island",class{})';
    for (const value of ['<script>', '<style>', '</script>', '<!--', 'a > b']) {
      expect(hashes(`<input value="${value}"><p title='${value}'>x</p><style>.a{}</style><script>${island}</script>`), value).toEqual([hash('.a{}'), hash(island)]);
    }
  });

  it('skips comments, and a block runs to its own closing tag', () => {
    expect(hashes('<!-- <script>not this</script> --><script>var s = "<style>";</script><style>.b{}</style>')).toEqual([hash('var s = "<style>";'), hash('.b{}')]);
  });

  it('reads a hostile page in linear time', () => {
    const inputs = ['<script src=x>'.repeat(40_000) + '</script>', '<script'.repeat(50_000) + '<style>'.repeat(50_000), '<a b="'.repeat(50_000), '<!--'.repeat(50_000)];
    for (const html of inputs) {
      const started = performance.now();
      inlineHashes(html);
      // a quadratic scan of 500 KB takes seconds; this is a bound, not a benchmark
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });
});
