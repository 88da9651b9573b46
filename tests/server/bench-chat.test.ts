import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../support/server.ts';
import { Processes } from './support.ts';

const processes = new Processes();
afterAll(() => processes.cleanup(), 60_000);

describe('the chat benchmark', () => {
  it('connects the sockets, delivers every message and reports latency and memory', async () => {
    const dataDir = processes.tempDir();
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/bench-chat.ts', '--sockets', '20', '--messages', '10'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      timeout: 120_000,
    });
    expect(stdout).toMatch(/chat: 20 sockets connected in [\d.]+ s; 10 messages/);
    expect(stdout).toMatch(/p50 [\d.]+ ms\s+p95 [\d.]+ ms\s+max [\d.]+ ms/);
    expect(stdout).toMatch(/server memory \(RSS\): \d+ MB before the sockets, \d+ MB with them/);
  }, 150_000);
});
