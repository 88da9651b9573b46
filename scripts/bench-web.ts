/**
 * Cold page loads on a slow phone line, beside the single-page peer (issue 12, item 1):
 *
 *   npm run bench:web [-- --runs 3] [--no-build] [--peer ../shared/peers/spa] [--routes /,/profile] [--why] [--h2] [--blank]
 *
 * Builds the product (unless --no-build) and the peer (a copy of it under test-results/, npm
 * install + vite build), serves both (the product on the demo space of `npm run seed`, the peer
 * gzip-compressed), and opens every route of SPEC.md §2 (signed in as the demo company, the
 * workspace as a demo customer) in a fresh Chromium context, `--runs` times each, on Lighthouse's
 * slow 4G: 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up, CPU slowed 4× (Chrome DevTools
 * Protocol). It prints the median largest contentful paint and time to interactive (every
 * astro-island hydrated, i.e. without its `ssr` attribute; the peer: its button rendered) per
 * route, the peer's, and the ratios; the targets are LCP ≤ 0.3× and interactive ≤ 0.6× the peer.
 * It prints the cumulative layout shift too (content that moved as the page arrived in pieces),
 * and the paint of a page with one heading (the floor: what the line and the slowed browser cost
 * before any of a page's own bytes matter).
 * `--h2` serves both through nginx with TLS and HTTP/2, as docs/deploy.md has it.
 *
 * Each load starts on a page of another site and goes to the route as the browser's own
 * navigation (a typed address, a link opened from another app): desktop Chromium then moves to a
 * new renderer process for the peer and the product alike. `--blank` starts from a new tab's
 * blank page instead, where a page sent with Cross-Origin-Opener-Policy (the product's, not the
 * peer's static files) pays for a process of its own that a page without the header does not
 * (decision 0020: 0.18–0.36 s on the pages tried).
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { freePort } from '../src/lib/server/net.ts';
import { nginxConf, NGINX } from './nginx.ts';
import { ProductError, startProduct, type Product } from './product.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PASSWORD = 'Demo-2026!';
const COMPANY = 'demo@recruit.local';
const CUSTOMER = 'demo.customer1@recruit.local';
const TARGET = { lcp: 0.3, tti: 0.6 };
/** Web Vitals' "good" layout shift: more means content jumped while a slow line delivered the page. */
const CLS_GOOD = 0.1;
/** Lighthouse's slow 4G (bytes per second for the throughputs). */
const LINE = { offline: false, latency: 150, downloadThroughput: (1.6 * 1024 * 1024) / 8, uploadThroughput: (750 * 1024) / 8 };
const CPU_SLOWDOWN = 4;

/** Recorded in the page from its first byte: LCP, layout shifts, and when the last island lost `ssr`. */
const PROBE = `
  window.__lcp = 0;
  const describe = (e) => e.element
    ? '<' + e.element.tagName.toLowerCase() + (e.element.className && typeof e.element.className === 'string' ? '.' + e.element.className.trim().split(/\s+/).join('.') : '') + '> ' + JSON.stringify((e.element.textContent || '').trim().slice(0, 40))
    : e.url;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) { window.__lcp = e.startTime; window.__lcpWhat = describe(e); } }).observe({ type: 'largest-contentful-paint', buffered: true });
  window.__cls = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; }).observe({ type: 'layout-shift', buffered: true });
  const done = () => {
    if (window.__interactive !== undefined) return;
    const waiting = document.querySelectorAll('astro-island[ssr]').length;
    const peer = document.getElementById('btn');
    if (document.readyState !== 'loading' && (peer || (waiting === 0 && !document.getElementById('root')))) window.__interactive = performance.now();
  };
  new MutationObserver(done).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['ssr'] });
  document.addEventListener('DOMContentLoaded', done);
`;

interface Options {
  runs: number;
  build: boolean;
  peer: string;
  routes?: string[];
  /** Print each load's first paint, largest paint and what the largest paint was. */
  why: boolean;
  /** Serve both through nginx with TLS and HTTP/2, as docs/deploy.md does. */
  h2: boolean;
  /** Start each load from a new tab's blank page instead of a page of another site. */
  blank: boolean;
}

function parse(): Options {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: { runs: { type: 'string' }, 'no-build': { type: 'boolean' }, peer: { type: 'string' }, routes: { type: 'string' }, why: { type: 'boolean' }, h2: { type: 'boolean' }, blank: { type: 'boolean' } },
    strict: true,
  });
  const runs = Number(values.runs ?? 3);
  if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new ProductError('--runs must be 1 to 20');
  return { runs, build: !values['no-build'], peer: path.resolve(ROOT, values.peer ?? '../shared/peers/spa'), routes: values.routes?.split(','), why: values.why ?? false, h2: values.h2 ?? false, blank: values.blank ?? false };
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, PATH: `${path.join(ROOT, 'node_modules/.bin')}${path.delimiter}${process.env.PATH}` } });
  if (result.status !== 0) throw new ProductError(`${command} ${args.join(' ')} failed in ${cwd}`);
}

/** The peer, copied under test-results/ (its own folder stays as it is) and built there. */
function buildPeer(source: string): string {
  if (!fs.existsSync(path.join(source, 'package.json'))) throw new ProductError(`no peer at ${source} (--peer)`);
  const copy = path.join(ROOT, 'test-results/bench-web/spa');
  fs.mkdirSync(copy, { recursive: true });
  for (const entry of fs.readdirSync(source)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    fs.cpSync(path.join(source, entry), path.join(copy, entry), { recursive: true });
  }
  if (!fs.existsSync(path.join(copy, 'node_modules'))) run('npm', ['install', '--no-audit', '--no-fund'], copy);
  run('npx', ['vite', 'build'], copy);
  return path.join(copy, 'dist');
}

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };

/**
 * A page of one heading and nothing else: what the line and the slowed browser cost before any
 * byte of a product's page matters. Its ratio to the peer is the floor no page goes under.
 */
const EMPTY_PAGE = '<!doctype html><html lang="en"><meta charset="utf-8"><title>Empty</title><h1>An empty page</h1>';

/** The peer's files gzip-compressed, every unknown path its index.html (a client router); `/__empty`, EMPTY_PAGE. */
async function servePeer(dist: string): Promise<{ url: string; close: () => void }> {
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    if (pathname === '/__empty') return void res.writeHead(200, { 'content-type': TYPES['.html']! }).end(EMPTY_PAGE);
    let file = path.join(dist, path.normalize(pathname));
    if (!file.startsWith(dist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) file = path.join(dist, 'index.html');
    const body = zlib.gzipSync(fs.readFileSync(file));
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-encoding': 'gzip', 'content-length': body.length });
    res.end(body);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

/**
 * nginx in front of the product and the peer as docs/deploy.md has it: TLS (a certificate made
 * for the run) and HTTP/2, so that a page's modules share one connection instead of queueing
 * behind HTTP/1.1's six per host. Returns the two public addresses and a stop.
 */
async function startNginx(productPublic: number, peerPublic: number, productUrl: string, peerUrl: string): Promise<{ close: () => void }> {
  const dir = path.join(ROOT, 'test-results/bench-web/nginx');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const openssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-keyout', `${dir}/key.pem`, '-out', `${dir}/cert.pem`], { stdio: 'pipe' });
  if (openssl.status !== 0) throw new ProductError(`openssl could not make a certificate: ${openssl.stderr}`);
  const server = (port: number, upstream: string) => `
  server {
    # docs/deploy.md's "http2 on;" needs nginx 1.25; this spelling works on Debian 12's 1.22 too
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    location / {
      proxy_pass ${upstream};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }`;
  fs.writeFileSync(`${dir}/nginx.conf`, nginxConf(dir, `  proxy_http_version 1.1;\n${server(productPublic, productUrl)}\n${server(peerPublic, peerUrl)}`));
  const child = spawn(NGINX, ['-c', `${dir}/nginx.conf`, '-p', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const url = `https://127.0.0.1:${productPublic}`;
  for (let waited = 0; ; waited += 100) {
    if (child.exitCode !== null) throw new ProductError(`nginx exited: ${errors}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(productPublic, '127.0.0.1', () => (socket.destroy(), resolve(true)));
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (waited > 10_000) throw new ProductError(`nginx did not listen on ${url}: ${errors}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { close: () => child.kill('SIGTERM') };
}

/** The refresh cookie of a demo account, as the browser would hold it after logging in. */
async function cookieOf(product: Product, origin: string, email: string): Promise<{ value: string; lang: string; token: string }> {
  const response = await fetch(`${product.url}/api/v1/auth/email/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({ email, password: PASSWORD, remember: true }),
  });
  if (response.status !== 200) throw new ProductError(`cannot sign in as ${email} (HTTP ${response.status}): run \`npm run seed -- --candidates 100000\` on this DATA_DIR first`);
  const body = (await response.json()) as { accessToken: string; user: { settings: { lang?: string } } };
  const value = /(?:^|;\s*)rt=([^;]+)/.exec(response.headers.getSetCookie().join('; '))?.[1];
  if (!value) throw new ProductError('the login set no cookie');
  return { value, lang: body.user.settings.lang ?? 'en', token: body.accessToken };
}

interface Sample {
  lcp: number;
  /** First contentful paint, and the element (or image) of the largest: for --why. */
  fcp: number;
  lcpWhat?: string;
  interactive?: number;
  /** Cumulative layout shift: content that moved while the page arrived in pieces. */
  cls: number;
}

/**
 * One cold load. A signed-in page's islands may renew the session, which replaces the refresh
 * cookie (and retires the old one): `cookie.value` is updated to the context's newest, for the
 * next load.
 */
async function load(browser: Browser, from: string | undefined, url: string, cookie?: { origin: string; value: string }): Promise<Sample> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 390, height: 844 }, ignoreHTTPSErrors: true });
  try {
    if (cookie) await context.addCookies([{ name: 'rt', value: cookie.value, url: cookie.origin }]);
    const page = await context.newPage();
    // renewals of the session under way: the last one's cookie is the one the next load needs
    let renewing = 0;
    const isRenewal = (request: { url: () => string }) => request.url().endsWith('/api/v1/auth/refresh');
    page.on('request', (request) => void (isRenewal(request) && renewing++));
    page.on('requestfinished', (request) => void (isRenewal(request) && renewing--));
    page.on('requestfailed', (request) => void (isRenewal(request) && renewing--));
    await page.addInitScript(PROBE);
    // where the person was before: loaded at full speed, it is not part of the load measured
    if (from) await page.goto(from, { waitUntil: 'load' });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', LINE);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    // a redirect (to the login page, say) would time another page
    if (!response || response.status() !== 200 || page.url() !== url) throw new ProductError(`${url} answered ${response?.status()} at ${page.url()}`);
    const islands = await page.evaluate(() => document.querySelectorAll('astro-island').length + (document.getElementById('root') ? 1 : 0));
    if (islands > 0) await page.waitForFunction(() => (window as unknown as { __interactive?: number }).__interactive !== undefined, undefined, { timeout: 60_000 });
    await page.waitForTimeout(500); // a late largest paint still counts
    if (cookie) {
      // wait for a renewal under way, then keep its cookie; on the throttled CPU an island may
      // start one after the network has been quiet for a while, and a context closed before its
      // answer leaves the next load an old cookie (after 30 s, a stolen one: the session ends)
      await page.waitForLoadState('networkidle').catch(() => {});
      await page.waitForTimeout(1000);
      for (let waited = 0; renewing > 0 && waited < 15_000; waited += 100) await page.waitForTimeout(100);
      const rt = (await context.cookies(cookie.origin)).find((c) => c.name === 'rt');
      if (rt) cookie.value = rt.value;
    }
    return await page.evaluate(() => {
      const w = window as unknown as { __lcp: number; __lcpWhat?: string; __interactive?: number; __cls: number };
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN;
      return { lcp: w.__lcp, fcp, lcpWhat: w.__lcpWhat, cls: w.__cls, interactive: document.querySelectorAll('astro-island').length || document.getElementById('root') ? w.__interactive : undefined };
    });
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
};
const seconds = (ms: number | undefined) => (ms === undefined ? '–' : `${(ms / 1000).toFixed(2)} s`);

async function main(): Promise<number> {
  const options = parse();
  if (options.build) run('npm', ['run', 'build'], ROOT);
  const peerDist = buildPeer(options.peer);
  const peer = await servePeer(peerDist);
  // another site than the product's and the peer's (127.0.0.1): the page a person comes from
  const from = options.blank ? undefined : `${peer.url.replace('127.0.0.1', 'localhost')}/__empty`;
  const ports = options.h2 ? [await freePort(), await freePort()] : [];
  const publicUrl = options.h2 ? `https://127.0.0.1:${ports[0]}` : undefined;
  const product = await startProduct(publicUrl);
  const proxy = options.h2 ? await startNginx(ports[0]!, ports[1]!, product.url, peer.url) : undefined;
  const site = publicUrl ?? product.url;
  const peerSite = options.h2 ? `https://127.0.0.1:${ports[1]}` : peer.url;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  let failed = 0;
  try {
    const company = await cookieOf(product, site, COMPANY);
    const customer = await cookieOf(product, site, CUSTOMER);
    // ids for the routes that name one, from the demo space
    const api = async <T>(pathname: string) => (await (await fetch(`${product.url}/api/v1/${pathname}`, { headers: { authorization: `Bearer ${company.token}` } })).json()) as T;
    const vacancies = await api<{ id: string; counts: { all: number } }[]>('vacancy?status=1');
    const vacancy = vacancies.reduce((a, b) => (b.counts.all > a.counts.all ? b : a));
    const onVacancy = await api<{ data: { id: string }[] }>(`candidates/vacancy/${vacancy.id}?page=1`);
    const prefix = (lang: string) => (lang === 'ru' ? '/ru' : '');
    const c = prefix(company.lang);
    const routes: [string, string, 'company' | 'customer' | undefined][] = [
      ['/', '/', undefined],
      ['/auth/login', '/auth/login', undefined],
      ['/auth/register', '/auth/register', undefined],
      ['/verify/pd', '/verify/pd', undefined],
      ['/error', '/error', undefined],
      ['/profile', `${c}/profile`, 'company'],
      ['/recruiter', `${c}/recruiter`, 'company'],
      ['/recruiter/vacancy/add', `${c}/recruiter/vacancy/add`, 'company'],
      ['/recruiter/vacancy/edit/{id}', `${c}/recruiter/vacancy/edit/${vacancy.id}`, 'company'],
      ['/candidates/{id}/{vacancy}', `${c}/candidates/${onVacancy.data[0]?.id}/${vacancy.id}`, 'company'],
      ['/vacancy/candidates-all/{id}', `${c}/vacancy/candidates-all/${vacancy.id}`, 'company'],
      ['/vacancy/candidates/{id}', `${c}/vacancy/candidates/${vacancy.id}`, 'company'],
      ['/vacancy/preview/{id}', `${c}/vacancy/preview/${vacancy.id}`, 'company'],
      ['/chats', `${c}/chats`, 'company'],
      ['/help', `${c}/help`, 'company'],
      ['/workspace (customer)', `${prefix(customer.lang)}/workspace`, 'customer'],
    ];
    const chosen = options.routes ? routes.filter(([label]) => options.routes!.some((r) => label.startsWith(r))) : routes;

    const peerSamples: Sample[] = [];
    for (let i = 0; i < options.runs; i++) peerSamples.push(await load(browser, from, `${peerSite}/`));
    const peerLcp = median(peerSamples.map((s) => s.lcp));
    const peerTti = median(peerSamples.map((s) => s.interactive ?? NaN));
    const served = options.h2 ? 'through nginx with TLS and HTTP/2' : 'directly, HTTP/1.1';
    const start = from ? 'from a page of another site' : 'from a blank tab';
    console.log(`\nSlow 4G (${LINE.latency} ms, 1.6 Mbit/s, CPU ${CPU_SLOWDOWN}×), served ${served}, ${start}, median of ${options.runs} cold loads; targets LCP ≤ ${TARGET.lcp}× and interactive ≤ ${TARGET.tti}× the peer, layout shift ≤ ${CLS_GOOD}`);
    console.log(`  ${'route'.padEnd(30)} ${'LCP'.padStart(8)} ${'ratio'.padStart(6)} ${'interactive'.padStart(12)} ${'ratio'.padStart(6)} ${'shift'.padStart(6)}`);
    console.log(`  ${'SPA peer'.padEnd(30)} ${seconds(peerLcp).padStart(8)} ${''.padStart(6)} ${seconds(peerTti).padStart(12)} ${''.padStart(6)} ${median(peerSamples.map((s) => s.cls)).toFixed(2).padStart(6)}`);
    const emptySamples: Sample[] = [];
    for (let i = 0; i < options.runs; i++) emptySamples.push(await load(browser, from, `${peerSite}/__empty`));
    const emptyLcp = median(emptySamples.map((s) => s.lcp));
    console.log(`  ${'(an empty page: the floor)'.padEnd(30)} ${seconds(emptyLcp).padStart(8)} ${(emptyLcp / peerLcp).toFixed(2).padStart(6)}`);
    for (const [label, pathname, who] of chosen) {
      const account = who === 'company' ? company : who === 'customer' ? customer : undefined;
      const cookie = account && { origin: site, value: account.value };
      try {
        const samples: Sample[] = [];
        for (let i = 0; i < options.runs; i++) samples.push(await load(browser, from, site + pathname, cookie));
        const lcp = median(samples.map((s) => s.lcp));
        const tti = samples.every((s) => s.interactive !== undefined) ? median(samples.map((s) => s.interactive!)) : undefined;
        const lcpRatio = lcp / peerLcp;
        const ttiRatio = tti === undefined ? undefined : tti / peerTti;
        const cls = median(samples.map((s) => s.cls));
        const over = lcpRatio > TARGET.lcp || (ttiRatio ?? 0) > TARGET.tti || cls > CLS_GOOD ? '  ← over target' : '';
        if (account && cookie) account.value = cookie.value;
        console.log(`  ${label.padEnd(30)} ${seconds(lcp).padStart(8)} ${lcpRatio.toFixed(2).padStart(6)} ${seconds(tti).padStart(12)} ${(ttiRatio === undefined ? '–' : ttiRatio.toFixed(2)).padStart(6)} ${cls.toFixed(2).padStart(6)}${over}`);
        if (options.why) for (const sample of samples) console.log(`      first paint ${seconds(sample.fcp)}, largest ${seconds(sample.lcp)}, shift ${sample.cls.toFixed(2)}: ${sample.lcpWhat ?? '?'}`);
      } catch (error) {
        failed++;
        console.log(`  ${label.padEnd(30)} FAILED: ${(error as Error).message}`);
      }
    }
  } finally {
    await browser.close();
    proxy?.close();
    peer.close();
    await product.stop();
  }
  return failed ? 1 : 0;
}

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    console.error(`bench:web: ${error instanceof ProductError ? error.message : ((error as Error).stack ?? String(error))}`);
    process.exitCode = 1;
  },
);
