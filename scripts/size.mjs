/**
 * Page weight budget: `npm run size [-- --no-build] [-- --budget <file>] [-- --verbose]`.
 *
 * Builds the app, starts the built server on a free port with a throwaway data directory, and
 * requests every route of size-budget.json as a first visit would. For each page it adds up:
 *
 * - the JavaScript the page needs before it is interactive (`jsRaw`, `jsGzip`): script tags,
 *   module preloads, inline scripts, and the islands that hydrate at load (client:load) with
 *   their renderer and all their static imports;
 * - the strings its islands need before they hydrate (`stringsGzip`): the message files the page
 *   names with `<link rel="modulepreload" data-messages>`, data that was part of the HTML before
 *   it moved to files the browser keeps (docs/decisions/0020), apart from the JavaScript;
 * - the JavaScript that loads later (`laterJsRaw`, `laterJsGzip`): islands hydrated on idle or
 *   on visibility, and whatever any of it loads with `import()` (a dialog on a click), with
 *   their static imports, less what the page has loaded already;
 * - the CSS (stylesheets, inline styles), the number of stylesheet requests (`stylesheets`), and
 *   the HTML with the CSS it waits for (`htmlCssGzip`: the page's gzipped HTML plus its
 *   stylesheets), which must fit in the first round trip of a new connection (14 KB);
 *
 * raw and gzipped, and fails when a route is over its budget. Our users open these pages on slow
 * mobile connections: every kilobyte of script is download, parse and wait time, so pages that
 * need no script must ship none (a 0 budget) and the others must stay light. `defaults` in the
 * budget file applies to every route that does not set the key itself.
 */
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '..');
const BUDGET_KEYS = ['jsRaw', 'jsGzip', 'stringsGzip', 'laterJsRaw', 'laterJsGzip', 'cssRaw', 'cssGzip', 'htmlCssGzip', 'stylesheets'];
const PASSWORD = 'Passw0rd!';

// ---------------------------------------------------------------------------------------------
// Command line

function parseArgs(argv) {
  const options = { build: true, budget: path.join(root, 'size-budget.json'), verbose: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--no-build') options.build = false;
    else if (arg === '--verbose' || arg === '-v') options.verbose = true;
    else if (arg === '--budget' && argv[i + 1]) options.budget = path.resolve(argv[++i]);
    else if (arg.startsWith('--budget=')) options.budget = path.resolve(arg.slice('--budget='.length));
    else throw new UsageError(`Unknown option ${arg}. Usage: node scripts/size.mjs [--no-build] [--budget <file>] [--verbose]`);
  }
  return options;
}

class UsageError extends Error {}

function readBudget(file) {
  let parsed;
  try {
    parsed = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(`Cannot read the budget file ${file}: ${error.message}`);
  }
  const routes = parsed?.routes;
  if (!routes || typeof routes !== 'object' || Object.keys(routes).length === 0) {
    throw new UsageError(`${file}: expected { "routes": { "/path": { "jsGzip": bytes, ... } } }`);
  }
  const defaults = parsed.defaults ?? {};
  for (const [key, value] of Object.entries(defaults)) {
    if (!BUDGET_KEYS.includes(key)) throw new UsageError(`${file}: defaults.${key} is not one of ${BUDGET_KEYS.join(', ')}`);
    if (!Number.isInteger(value) || value < 0) throw new UsageError(`${file}: defaults.${key} must be a whole number`);
  }
  // a misspelt key would silently go unchecked, so anything unknown is an error
  for (const [route, budget] of Object.entries(routes)) {
    if (!route.startsWith('/')) throw new UsageError(`${file}: route "${route}" must start with /`);
    for (const [key, value] of Object.entries(budget)) {
      if (key === 'auth') {
        if (typeof value !== 'string' || !value) throw new UsageError(`${file}: routes["${route}"].auth must be a role name`);
      } else if (!BUDGET_KEYS.includes(key)) {
        throw new UsageError(`${file}: routes["${route}"].${key} is not one of auth, ${BUDGET_KEYS.join(', ')}`);
      } else if (!Number.isInteger(value) || value < 0) {
        throw new UsageError(`${file}: routes["${route}"].${key} must be a whole number of bytes`);
      }
    }
  }
  return Object.fromEntries(Object.entries(routes).map(([route, budget]) => [route, { ...defaults, ...budget }]));
}

// ---------------------------------------------------------------------------------------------
// Processes

function run(command, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit code ${code}`})`)),
    );
  });
}

/** `npm run build` with the npm that runs us (npm sets npm_execpath), else the one on PATH. */
function build() {
  const npm = process.env.npm_execpath;
  return npm && /\.[cm]?js$/.test(npm)
    ? run(process.execPath, [npm, 'run', 'build'])
    : run(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['run', 'build']);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Set as soon as there is something to undo, so that Ctrl-C cleans up too. */
let cleanup;

/** The built server with its own data directory (and database); `stop()` undoes all of it. */
async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-size-'));
  // as root, the embedded PostgreSQL runs as the postgres user, which must pass through DATA_DIR
  fs.chmodSync(dataDir, 0o711);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const output = [];
  let child;
  let database;

  let stopped;
  const stop = () => (stopped ??= (async () => {
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    await stopOrphanedPostgres(dataDir).catch(() => {}); // no pid file: nothing left running
    if (child?.pid) await endProcessGroup(child.pid); // e.g. an initdb cut short by Ctrl-C
    if (database) await database.drop().catch((error) => console.error(`size: could not drop ${database.name}: ${error.message}`));
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
  })());
  cleanup = stop;

  try {
    // only what we set here: a DATABASE_URL or SMTP_URL from the shell must not reach this server
    const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
    for (const name of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'PUBLIC_URL']) delete env[name];
    if (process.env.TEST_DATABASE_URL) {
      database = await createDatabase(process.env.TEST_DATABASE_URL);
      env.DATABASE_URL = database.url;
    }

    // its own process group, so that whatever it starts can be found and ended with it
    child = spawn(process.execPath, ['src/server.ts'], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const log = () => Buffer.concat(output).toString('utf8').trimEnd();

    const deadline = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new Error(`The server exited before it was ready. Its output:\n${log()}`);
      }
      const status = await request(`${origin}/healthz`).then((res) => res.status, () => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error(`GET /healthz did not answer 200 within 60 s. The server's output:\n${log()}`);
      await sleep(250);
    }
    return { origin, dataDir, stop, log };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** If the server had to be killed, the embedded PostgreSQL it started would live on: stop it. */
async function stopOrphanedPostgres(dataDir) {
  const pid = Number(fs.readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0]);
  const alive = () => {
    try {
      return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('postgres');
    } catch {
      return false;
    }
  };
  if (!(pid > 0) || !alive()) return;
  process.kill(pid, 'SIGINT'); // PostgreSQL's fast shutdown
  for (let i = 0; i < 100 && alive(); i++) await sleep(100);
}

/** Kills what is left in the server's process group once the server itself has exited. */
async function endProcessGroup(pgid) {
  const signal = (name) => {
    try {
      process.kill(-pgid, name);
      return true;
    } catch {
      return false; // ESRCH: the group is empty
    }
  };
  if (!signal('SIGKILL')) return;
  for (let i = 0; i < 50 && signal(0); i++) await sleep(100);
}

/** A fresh database on the TEST_DATABASE_URL server, dropped again by `drop()`. */
async function createDatabase(serverUrl) {
  const { default: pg } = await import('pg');
  const name = `recruit_size_${crypto.randomBytes(6).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database "${name}"`).catch((error) => {
    throw new Error(`Cannot create a database on the TEST_DATABASE_URL server: ${error.message}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.href, drop: () => admin(`drop database if exists "${name}" with (force)`) };
}

// ---------------------------------------------------------------------------------------------
// HTTP: node:http rather than fetch, to follow no redirect and to see exactly what is sent

function request(url, { method = 'GET', headers = {}, body } = {}) {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = client.request(
      target,
      { method, headers: { 'accept-encoding': 'identity', ...headers }, timeout: 30_000 },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode, headers: res.headers, body: decode(Buffer.concat(chunks), res.headers['content-encoding']) });
          } catch (error) {
            reject(error);
          }
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${url} timed out`)));
    req.on('error', reject);
    req.end(body);
  });
}

/** We ask for no encoding; should a server encode anyway, measure the real bytes. */
function decode(buffer, encoding) {
  if (!encoding || encoding === 'identity') return buffer;
  if (encoding === 'gzip' || encoding === 'x-gzip') return zlib.gunzipSync(buffer);
  if (encoding === 'br') return zlib.brotliDecompressSync(buffer);
  if (encoding === 'deflate') return zlib.inflateSync(buffer);
  throw new Error(`unknown content-encoding ${encoding}`);
}

// ---------------------------------------------------------------------------------------------
// A signed-in, verified user for routes with "auth": "<role>"

async function signIn(server, role) {
  const email = `size-${crypto.randomBytes(6).toString('hex')}@example.com`;
  const json = { 'content-type': 'application/json', origin: server.origin };
  const registered = await request(`${server.origin}/api/v1/auth/email/register`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD, role }),
  });
  if (registered.status !== 201 && registered.status !== 200) {
    throw new Error(`registering a ${role} user answered ${registered.status}: ${registered.body.toString('utf8').slice(0, 300)}`);
  }
  const cookie = [registered.headers['set-cookie'] ?? []].flat().map((line) => /^rt=([^;]*)/.exec(line)).find(Boolean);
  if (!cookie) throw new Error('registration set no "rt" cookie');

  const code = await readCode(path.join(server.dataDir, 'outbox'), email);
  const verified = await request(`${server.origin}/api/v1/auth/verify/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, code }),
  });
  if (verified.status !== 200) {
    throw new Error(`verifying ${email} with code ${code} answered ${verified.status}: ${verified.body.toString('utf8').slice(0, 300)}`);
  }
  // registration's third step: without a name every page sends the account back to it
  const { accessToken } = JSON.parse(registered.body.toString('utf8'));
  const named = await request(`${server.origin}/api/v1/users/profile`, {
    method: 'PUT',
    headers: { ...json, authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ name: 'Size', surname: 'Check', ...(role === 'company' ? { companyName: 'Size check' } : {}) }),
  });
  if (named.status !== 200) throw new Error(`naming ${email} answered ${named.status}: ${named.body.toString('utf8').slice(0, 300)}`);
  return `rt=${cookie[1]}`;
}

/**
 * A published vacancy of the signed-in company, for routes naming `{vacancy}`: a vacancy needs a
 * registered customer, so one is invited and registered first.
 */
async function sampleVacancy(server, cookie) {
  const headers = { 'content-type': 'application/json', origin: server.origin, cookie };
  const call = async (method, pathname, body, extra = headers) => {
    const response = await request(`${server.origin}/api/v1/${pathname}`, { method, headers: extra, body: body && JSON.stringify(body) });
    if (response.status >= 300) throw new Error(`${method} ${pathname} answered ${response.status}: ${response.body.toString('utf8').slice(0, 300)}`);
    return JSON.parse(response.body.toString('utf8'));
  };
  const email = `size-customer-${crypto.randomBytes(6).toString('hex')}@example.com`;
  await call('POST', 'users/invite', { email, name: 'Sample', surname: 'Customer', role: 'customer' });
  const plain = { 'content-type': 'application/json', origin: server.origin };
  const registered = await call('POST', 'auth/email/register', { email, password: PASSWORD, role: 'customer' }, plain);
  await call('POST', 'auth/verify/email', { email, code: await readCode(path.join(server.dataDir, 'outbox'), email) }, plain);
  const [city] = await call('GET', `search/cities?q=${encodeURIComponent('Моск')}&country=ru`);
  const [skill] = await call('GET', 'vacancy/soft-skills');
  const vacancy = await call('POST', 'vacancy', {
    positionType: 3, positionName: 'Project manager', quantity: 2, departmentName: 'IT', hardSkills: ['Jira', 'Scrum'], jobExperience: 2,
    softSkills: [skill.id], exceptionalRequirements: 'English B2', country: 'ru', cityId: city.id, address: 'Tverskaya 1', salary: 150000, salaryTo: 200000,
    schedule: 1, bonus: 'Quarterly', customers: [registered.user.id], mainCustomer: registered.user.id, comment: 'First version', status: 1,
  });
  return vacancy.id;
}

/**
 * The 4-digit code in the subject of the newest message to `email` in the server's outbox. Mail
 * goes out from the job queue a moment after the request; the code counts once the job that
 * mailed it has stored it, a few milliseconds after the file appears.
 */
async function readCode(outbox, email) {
  for (let tries = 0; tries < 300; tries++) {
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.endsWith('.eml')) : [];
    const newestFirst = files
      .map((name) => ({ name, mtime: fs.statSync(path.join(outbox, name)).mtimeMs }))
      .sort((a, b) => b.mtime - a.mtime || b.name.localeCompare(a.name));
    for (const { name } of newestFirst) {
      const message = fs.readFileSync(path.join(outbox, name), 'utf8');
      const headers = message.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
      const to = /^to:(.*)$/im.exec(headers)?.[1] ?? '';
      if (!to.toLowerCase().includes(email.toLowerCase())) continue;
      const subject = /^subject:(.*)$/im.exec(headers)?.[1];
      const code = subject && /\b(\d{4})\b/.exec(decodeWords(subject))?.[1];
      if (code) {
        await sleep(300);
        return code;
      }
    }
    await sleep(100);
  }
  throw new Error(`no code mailed to ${email} appeared in ${outbox}`);
}

/** RFC 2047 encoded words (=?UTF-8?B?...?=), as a non-ASCII subject is sent. */
function decodeWords(text) {
  return text.replace(/=\?([^?]+)\?([bq])\?([^?]*)\?=\s*/gi, (_, charset, kind, data) => {
    const bytes = kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64')
      : Buffer.from(data.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_m, hex) => String.fromCharCode(parseInt(hex, 16))), 'latin1');
    return new TextDecoder(charset).decode(bytes);
  });
}

// ---------------------------------------------------------------------------------------------
// What a page makes the browser download

const TAGS = /<!--[\s\S]*?-->|<(script|style|noscript|template)\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/\1\s*>|<(link|astro-island)\b((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;
const ATTRIBUTES = /([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g;
const JS_TYPES = /^(|module|(text|application)\/(x-)?(java|ecma)script|text\/(jscript|livescript)|text\/javascript1\.[0-5])$/;

function attributes(source) {
  const result = {};
  for (const [, name, ...values] of source.matchAll(ATTRIBUTES)) {
    result[name.toLowerCase()] = decodeEntities(values.find((value) => value !== undefined) ?? '');
  }
  return result;
}

function decodeEntities(text) {
  return text.replace(/&(#x[0-9a-f]+|#\d+|amp|quot|apos|lt|gt);/gi, (_, name) => {
    const lower = name.toLowerCase();
    if (lower.startsWith('#x')) return String.fromCodePoint(parseInt(lower.slice(2), 16));
    if (lower.startsWith('#')) return String.fromCodePoint(Number(lower.slice(1)));
    return { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' }[lower];
  });
}

/**
 * The scripts and styles of a page: external ones as { url, module } (module: its static
 * imports load too) and inline ones as their text. Comments, <template> and <noscript> content
 * does not run in a browser with JavaScript on and is skipped.
 */
function scanHtml(html, pageUrl) {
  // scripts: needed before the page is interactive; laterScripts: islands hydrated on idle,
  // on visibility or on a media query
  const page = { scripts: [], strings: [], laterScripts: [], styles: [], inlineScripts: [], inlineStyles: [] };
  const resolve = (href) => new URL(href, pageUrl).href;
  for (const match of html.matchAll(TAGS)) {
    const [, block, blockAttrs = '', content = '', tag, tagAttrs = ''] = match;
    const name = (block ?? tag ?? '').toLowerCase();
    if (name === 'script') {
      const attrs = attributes(blockAttrs);
      const type = (attrs.type ?? '').trim().toLowerCase();
      if (!JS_TYPES.test(type)) continue; // JSON, import maps and other data blocks
      const module = type === 'module';
      if (attrs.src !== undefined) page.scripts.push({ url: resolve(attrs.src), module });
      else page.inlineScripts.push({ text: content, module });
      // the modules the middleware asks for at the end of the body (src/lib/server/preload.ts)
      for (const href of (attrs['data-modules'] ?? '').split(' ').filter(Boolean)) page.scripts.push({ url: resolve(href), module: true });
    } else if (name === 'style') {
      page.styles.push(...cssImports(content, pageUrl));
      page.inlineStyles.push(content);
    } else if (name === 'link') {
      const attrs = attributes(tagAttrs);
      const rel = (attrs.rel ?? '').toLowerCase().split(/\s+/);
      const as = (attrs.as ?? '').toLowerCase();
      if (!attrs.href) continue;
      if (rel.includes('modulepreload') && 'data-messages' in attrs) page.strings.push(resolve(attrs.href));
      else if (rel.includes('modulepreload')) page.scripts.push({ url: resolve(attrs.href), module: true });
      else if (rel.includes('preload') && as === 'script') page.scripts.push({ url: resolve(attrs.href), module: false });
      else if (rel.includes('stylesheet') || (rel.includes('preload') && as === 'style')) page.styles.push(resolve(attrs.href));
    } else if (name === 'astro-island') {
      const attrs = attributes(tagAttrs);
      const list = attrs.client === 'load' ? page.scripts : page.laterScripts;
      for (const key of ['component-url', 'renderer-url', 'before-hydration-url']) {
        if (attrs[key]) list.push({ url: resolve(attrs[key]), module: true });
      }
    }
  }
  return page;
}

// static imports and re-exports only: `import x from "./a.js"`, `import "./a.js"`,
// `export { y } from "./a.js"`, `export * from "./a.js"` (minified or not); never `import("./a.js")`
const STATIC_IMPORTS = [
  /(?:^|[^\w$.])import\s*(?:[\w$]+\s*,?\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)?\s*from\s*(["'])([^"'\n]+)\1/g,
  /(?:^|[^\w$.])import\s*(["'])([^"'\n]+)\1/g,
  /(?:^|[^\w$.])export\s*(?:\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*(["'])([^"'\n]+)\1/g,
];

function jsImports(code, baseUrl) {
  const found = [];
  for (const pattern of STATIC_IMPORTS) {
    for (const [, , specifier] of code.matchAll(pattern)) {
      // a bare specifier would need an import map, which this app has none of
      if (/^(\.{0,2}\/|https?:)/.test(specifier)) found.push(new URL(specifier, baseUrl).href);
    }
  }
  return found;
}

const DYNAMIC_IMPORT = /(?:^|[^\w$.])import\(\s*(["'`])([^"'`\n]+)\1\s*\)/g;

/** `import("./a.js")`: loads when the code asks for it (a dialog opening), not with the page. */
function jsDynamicImports(code, baseUrl) {
  return [...code.matchAll(DYNAMIC_IMPORT)]
    .map(([, , specifier]) => specifier)
    .filter((specifier) => /^(\.{0,2}\/|https?:)/.test(specifier))
    .map((specifier) => new URL(specifier, baseUrl).href);
}

function cssImports(css, baseUrl) {
  return [...css.matchAll(/@import\s+(?:url\(\s*)?["']?([^"')\s;]+)/g)].map(([, href]) => new URL(href, baseUrl).href);
}

function measure(bytes) {
  return { raw: bytes.length, gzip: zlib.gzipSync(bytes, { level: 9 }).length };
}

/** Each asset is fetched and measured once, however many routes use it. */
function createAssetCache() {
  const cache = new Map();
  return (url) => {
    if (!cache.has(url)) {
      cache.set(url, request(url).then((res) => {
        if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
        return { url, body: res.body, ...measure(res.body) };
      }));
    }
    return cache.get(url);
  };
}

async function weighRoute(server, route, cookie, fetchAsset) {
  const pageUrl = `${server.origin}${route}`;
  const res = await request(pageUrl, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  if (res.status !== 200) {
    const where = res.headers.location ? ` → ${res.headers.location}` : '';
    throw Object.assign(new Error(`answered ${res.status}${where}; a budget route must render (200) on a first visit`), { status: res.status });
  }
  const html = res.body;
  const page = scanHtml(html.toString('utf8'), pageUrl);

  // a module graph: every entry plus, for modules, all they import statically; `dynamic` collects
  // what they load with import() on the way
  const graph = async (entries, known, dynamic) => {
    const scripts = new Map();
    const visit = async ({ url, module }) => {
      if (scripts.has(url) || known.has(url)) return;
      const pending = fetchAsset(url);
      scripts.set(url, pending);
      const asset = await pending;
      if (!module) return;
      const code = asset.body.toString('utf8');
      for (const next of jsDynamicImports(code, url)) dynamic.add(next);
      await Promise.all(jsImports(code, url).map((next) => visit({ url: next, module: true })));
    };
    await Promise.all(entries.map(visit));
    return scripts;
  };
  const dynamic = new Set();
  const inlineImports = page.inlineScripts.filter((s) => s.module).flatMap((s) => jsImports(s.text, pageUrl));
  const eager = await graph([...page.scripts, ...inlineImports.map((url) => ({ url, module: true }))], new Map(), dynamic);
  // later: idle and visible islands, then everything any loaded module imports dynamically, until
  // nothing new turns up
  const later = new Map();
  const notLoaded = () => [...dynamic].filter((url) => !eager.has(url) && !later.has(url)).map((url) => ({ url, module: true }));
  // a page without such islands still loads later what its scripts import dynamically
  let next = [...page.laterScripts, ...notLoaded()];
  while (next.length) {
    const found = await graph(next, new Map([...eager, ...later]), dynamic);
    for (const [url, pending] of found) later.set(url, pending);
    next = notLoaded();
  }

  const styles = new Map();
  const visitStyle = async (url) => {
    if (styles.has(url)) return;
    const pending = fetchAsset(url);
    styles.set(url, pending);
    const asset = await pending;
    await Promise.all(cssImports(asset.body.toString('utf8'), url).map(visitStyle));
  };
  await Promise.all(page.styles.map(visitStyle));

  const jsFiles = await Promise.all(eager.values());
  const stringFiles = await Promise.all(page.strings.map((url) => fetchAsset(url)));
  const laterFiles = await Promise.all(later.values());
  const cssFiles = await Promise.all(styles.values());
  const inlineJs = page.inlineScripts.map((s) => ({ url: '(inline script)', ...measure(Buffer.from(s.text)) }));
  const inlineCss = page.inlineStyles.map((text) => ({ url: '(inline style)', ...measure(Buffer.from(text)) }));
  const sum = (items, key) => items.reduce((total, item) => total + item[key], 0);
  const js = [...jsFiles, ...inlineJs];
  const css = [...cssFiles, ...inlineCss];
  return {
    jsRaw: sum(js, 'raw'),
    jsGzip: sum(js, 'gzip'),
    cssRaw: sum(css, 'raw'),
    cssGzip: sum(css, 'gzip'),
    stringsGzip: sum(stringFiles, 'gzip'),
    laterJsRaw: sum(laterFiles, 'raw'),
    laterJsGzip: sum(laterFiles, 'gzip'),
    // the first round trip: the page itself, then the stylesheets it waits for before painting
    htmlCssGzip: measure(html).gzip + sum(cssFiles, 'gzip'),
    stylesheets: cssFiles.length,
    jsFiles: jsFiles.length,
    laterJsFiles: laterFiles.length,
    inlineScripts: inlineJs.length,
    assets: [...js, ...stringFiles, ...css].map(({ url, raw, gzip }) => ({ url: url.replace(server.origin, ''), raw, gzip })),
    laterAssets: laterFiles.map(({ url, raw, gzip }) => ({ url: url.replace(server.origin, ''), raw, gzip })),
  };
}

// ---------------------------------------------------------------------------------------------
// Report

const bytes = (n) => n.toLocaleString('en-US');

function printTable(rows) {
  const header = ['route', 'JS raw', 'JS gzip', 'JS files', 'strings gzip', 'later gzip', 'later files', 'CSS gzip', 'CSS files', 'HTML+CSS gzip', 'budget'];
  const lines = rows.map(({ route, result, failures, error }) =>
    error
      ? [route, '-', '-', '-', '-', '-', '-', '-', '-', '-', 'ERROR']
      : [
          route,
          bytes(result.jsRaw),
          bytes(result.jsGzip),
          result.inlineScripts ? `${result.jsFiles} +${result.inlineScripts} inline` : String(result.jsFiles),
          bytes(result.stringsGzip),
          bytes(result.laterJsGzip),
          String(result.laterJsFiles),
          bytes(result.cssGzip),
          String(result.stylesheets),
          bytes(result.htmlCssGzip),
          failures.length ? 'OVER' : 'ok',
        ],
  );
  const widths = header.map((title, i) => Math.max(title.length, ...lines.map((line) => line[i].length)));
  const format = (cells) => cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const line of lines) console.log(format(line));
  console.log('(bytes; gzip at level 9; "JS" is what the page needs before it is interactive, "inline" counts <script> blocks');
  console.log(' in the HTML, included in it; "strings" are the islands\' message files, needed before they hydrate too;');
  console.log(' "later" loads on idle, on visibility or on a click; "CSS files" are stylesheet requests)\n');
}

function overBudget(result, budget) {
  return BUDGET_KEYS.filter((key) => budget[key] !== undefined && result[key] > budget[key]).map(
    (key) => `${key} ${bytes(result[key])} > budget ${bytes(budget[key])} (+${bytes(result[key] - budget[key])})`,
  );
}

// ---------------------------------------------------------------------------------------------

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const budget = readBudget(options.budget);
  if (options.build) await build();

  let interrupted = false;
  const onSignal = (signal) => {
    if (interrupted) return;
    interrupted = true;
    console.error(`size: ${signal}, stopping the server`);
    Promise.resolve(cleanup?.()).finally(() => process.exit(130));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const server = await startServer();

  const rows = [];
  try {
    const fetchAsset = createAssetCache();
    const cookies = new Map(); // role → cookie of a verified user
    let vacancyId;
    for (const [route, routeBudget] of Object.entries(budget)) {
      try {
        let cookie;
        if (routeBudget.auth) {
          if (!cookies.has(routeBudget.auth)) cookies.set(routeBudget.auth, await signIn(server, routeBudget.auth));
          cookie = cookies.get(routeBudget.auth);
        }
        let target = route;
        if (route.includes('{vacancy}')) {
          if (!cookie) throw new Error(`${route}: a route naming {vacancy} needs "auth": "company"`);
          vacancyId ??= await sampleVacancy(server, cookie);
          target = route.replace('{vacancy}', vacancyId);
        }
        const result = await weighRoute(server, target, cookie, fetchAsset);
        rows.push({ route, result, failures: overBudget(result, routeBudget) });
      } catch (error) {
        // a redirect or 404 explains itself; a crash or a 500 left its reason in the server's log
        rows.push({ route, error: error.message, serverFault: !(error.status < 500), failures: [] });
      }
    }
  } finally {
    if (!interrupted) await server.stop();
  }

  if (interrupted) return; // the signal handler exits once the server is down
  printTable(rows);
  if (options.verbose) {
    for (const { route, result } of rows.filter((row) => row.result)) {
      console.log(route);
      for (const asset of result.assets) console.log(`  ${bytes(asset.gzip).padStart(9)} gz  ${bytes(asset.raw).padStart(9)} raw  ${asset.url}`);
      for (const asset of result.laterAssets) console.log(`  ${bytes(asset.gzip).padStart(9)} gz  ${bytes(asset.raw).padStart(9)} raw  ${asset.url} (later)`);
    }
    console.log('');
  }

  if (rows.some((row) => row.serverFault)) {
    console.log(`The server's output (last 40 lines):\n${server.log().split('\n').slice(-40).join('\n')}\n`);
  }

  const problems = rows.flatMap(({ route, error, failures }) => (error ? [`${route}: ${error}`] : failures.map((f) => `${route}: ${f}`)));
  if (problems.length) {
    console.error(`size: ${problems.length} budget problem(s) (budget file ${options.budget}):`);
    for (const problem of problems) console.error(`  ✗ ${problem}`);
    process.exitCode = 1;
  } else {
    console.log(`size: all ${rows.length} routes within budget`);
  }
}

main().catch((error) => {
  console.error(`size: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
});
