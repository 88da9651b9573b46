import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 4390);
// Debian's headless shell (`apt-get install chromium-headless-shell`, the same Chromium without
// the desktop browser around it) ran three spec files 18-26 % faster than the full browser on
// two cores; the full browser when it is not installed. E2E_BROWSER names another.
const BROWSER = process.env.E2E_BROWSER ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((file) => fs.existsSync(file));
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR ?? 'test-results/e2e-data');
process.env.E2E_DATA_DIR = E2E_DATA_DIR;

export default defineConfig({
  testDir: 'tests/e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // recording a trace of every test cost about 15 % of the suite's time on two cores (two spec
    // files: 137-142 s against 113-121 s without), and CI keeps no files: to see a failure's
    // trace, run again with `--trace retain-on-failure`
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: BROWSER,
      args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: {
    command: 'node tests/support/serve.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { E2E_PORT: String(PORT), E2E_DATA_DIR },
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
  },
});
