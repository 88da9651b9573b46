/**
 * `npm run bench -- --soak N` as a real process, briefly: its own product, a real SMTP server
 * stopped and started again, the embedded database killed once, and the report it prints.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';

describe('npm run bench -- --soak', () => {
  it('drives a load through an SMTP outage and a killed database, and loses no acknowledged write', async () => {
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      execFile(
        process.execPath,
        ['scripts/bench.ts', '--soak', '15', '--clients', '6'],
        { cwd: ROOT, timeout: 240_000, maxBuffer: 10 * 1024 * 1024, env: { ...process.env, DATABASE_URL: undefined, DATA_DIR: undefined, PORT: undefined, PUBLIC_URL: undefined } },
        (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
      );
    });
    const out = result.stdout;
    expect(result.code, `${out}\n${result.stderr}`).toBe(0);
    // the faults happened, in this order, and the database came back by itself
    expect(out).toMatch(/SMTP server stopped for \d+ s[\s\S]*SMTP server started again[\s\S]*embedded database killed \(SIGKILL to postmaster \d+\)[\s\S]*database serving again after [\d.]+ s/);
    expect(out).toMatch(/embedded database \(pid \d+\) is gone/);
    // the report
    const requests = Number(/requests +([\d,]+) in 15 s/.exec(out)?.[1]?.replace(/,/g, ''));
    expect(requests).toBeGreaterThan(0);
    expect(out).toMatch(/answers by status +.*200: [\d,]+/);
    expect(out).toMatch(/latency ms +p50 [\d.]+, p95 [\d.]+/);
    expect(out).toMatch(/server RSS MB +start \d+, end \d+, max \d+/);
    const writes = /acknowledged writes +([\d,]+) candidates, ([\d,]+) consent requests; lost (\d+)/.exec(out);
    expect(writes, out).not.toBeNull();
    expect(Number(writes![1]!.replace(/,/g, ''))).toBeGreaterThan(0);
    expect(writes![3]).toBe('0');
    expect(out).toContain('every consent mail delivered');
    expect(out).not.toMatch(/\b500: /);
  }, 300_000);

  it('refuses a bad duration with its usage', async () => {
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(process.execPath, ['scripts/bench.ts', '--soak', 'soon'], { cwd: ROOT, timeout: 60_000 }, (error, _stdout, stderr) =>
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stderr }),
      );
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--soak must be whole seconds');
    expect(result.stderr).toContain('npm run bench -- --soak SECONDS');
  }, 60_000);
});
