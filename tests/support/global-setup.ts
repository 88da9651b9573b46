import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createTestDatabase, spawnServer } from './server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
    databaseUrl: string;
  }
}

/** One product process for the API tests, on a database of its own. */
export default async function setup(project: TestProject) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recruit-api-'));
  const database = await createTestDatabase(dataDir);
  let server: Awaited<ReturnType<typeof spawnServer>>;
  try {
    // sockets of a banned account end within two seconds here, within a minute by default
    server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url, PUBLIC_URL: undefined, SESSION_SWEEP_SECONDS: '2' });
  } catch (error) {
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  // a server that dies under the tests fails every test after it: its last words say why
  let stopping = false;
  server.child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[global-setup] the API server exited (${code ?? signal}) during the tests; its last output:\n${server.output().slice(-8000)}`);
  });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  project.provide('databaseUrl', database.url);
  return async () => {
    stopping = true;
    await server.stop();
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
