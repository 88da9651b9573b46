import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { queueSettled } from '../support/queue.ts';
import { messages } from '../../src/lib/i18n/messages.ts';

/**
 * Runs in every page from its first byte: a text or label on screen that is a message key
 * ('auth.remember') means the page or an island was not given that message, and is reported as
 * a console error, which fails the test. Code samples (the API docs) may show keys.
 */
function reportUntranslated(sections: string[]): void {
  const key = new RegExp(`^(?:${sections.join('|')})\\.[a-z0-9_]+(?:\\.[a-z0-9_]+)*$`);
  const reported = new Set<string>();
  const report = (value: string | null) => {
    const text = value?.trim() ?? '';
    if (!key.test(text) || reported.has(text)) return;
    reported.add(text);
    console.error(`untranslated: ${text}`);
  };
  const LABELS = ['placeholder', 'aria-label', 'title', 'alt'];
  const SKIPPED = 'code, pre, script, style';
  const check = (node: Node) => {
    const element = node.nodeType === Node.TEXT_NODE ? node.parentElement : node instanceof Element ? node : null;
    if (!element || element.closest(SKIPPED)) return;
    if (node.nodeType === Node.TEXT_NODE) return report((node as Text).data);
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
      acceptNode: (current) => (current instanceof Element && current.matches(SKIPPED) ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
    });
    for (let current: Node | null = node; current; current = walker.nextNode()) {
      if (current.nodeType === Node.TEXT_NODE) report((current as Text).data);
      else for (const name of LABELS) report((current as Element).getAttribute(name));
    }
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'childList') record.addedNodes.forEach(check);
      else check(record.target);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: LABELS });
}

/** Every test fails on a console error or an uncaught page error (STYLE.md habit 9). */
export const test = base.extend<{ consoleErrors: string[] }>({
  // each test is a different person at a different address (the e2e server trusts loopback's X-Forwarded-For)
  extraHTTPHeaders: async ({}, use) => {
    const b = crypto.randomBytes(3);
    await use({ 'x-forwarded-for': `10.${b[0]}.${b[1]}.${b[2]}` });
  },
  consoleErrors: [
    async ({ page }, use) => {
      await page.addInitScript(reportUntranslated, Object.keys(messages.en));
      const errors: string[] = [];
      page.on('console', (message) => {
        // the browser reports every 4xx answer; the tests assert those through the page instead
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

export const PASSWORD = 'Passw0rd!';

export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${crypto.randomBytes(5).toString('hex')}@example.com`;
}

/** Every mail to `to` in the product's outbox so far, oldest first. */
export async function outboxMails(to: string): Promise<ParsedMail[]> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort() : [];
  const mails: ParsedMail[] = [];
  for (const file of files) {
    const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
    if ([mail.to].flat().flatMap((a) => a?.value ?? []).some((a) => a.address === to)) mails.push(mail);
  }
  return mails;
}

/** The first match of `pattern` in the text of the newest mail to `to` that has one. */
export async function mailedMatch(to: string, pattern: RegExp): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to_ = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address);
      const match = to_.includes(to) ? pattern.exec(mail.text ?? '') : null;
      if (match) return match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** The newest mail to `to` whose subject matches, once its job has finished (interview mails carry an .ics). */
export async function mailedWith(to: string, subject: RegExp): Promise<ParsedMail> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to_ = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address);
      if (to_.includes(to) && subject.test(mail.subject ?? '')) return mail;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no mail to ${to} with a subject like ${subject}`);
}

/**
 * The code of the newest mail to `to` in the product's outbox, once at least `count` code mails
 * went there: after a resend, ask for one more than before, or a slow queue hands back the old code.
 */
export async function mailedCode(to: string, { count = 1 } = {}): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')).sort().reverse() : [];
    const codes: string[] = [];
    for (const file of files) {
      const mail = await simpleParser(fs.readFileSync(path.join(dir, file)));
      const to_ = [mail.to].flat().flatMap((a) => a?.value ?? []).map((a) => a.address);
      const code = to_.includes(to) ? /\b(\d{4})\b/.exec(mail.subject ?? '')?.[1] : undefined;
      if (code) codes.push(code);
    }
    if (codes.length >= count) {
      // the code counts once the job that mailed it has recorded it
      await queueSettled(fs.readFileSync(path.join(process.env.E2E_DATA_DIR!, 'database-url'), 'utf8'));
      return codes[0]!;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no code mailed to ${to}`);
}
