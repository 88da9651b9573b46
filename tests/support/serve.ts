/**
 * The product for Playwright: a fresh database, DATA_DIR from the environment (so the tests
 * can read the outbox), the port Playwright asks for. Stops everything on SIGTERM.
 */
import fs from 'node:fs';
import { createTestDatabase, spawnServer } from './server.ts';

const dataDir = process.env.E2E_DATA_DIR!;
const port = Number(process.env.E2E_PORT);
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const database = await createTestDatabase(dataDir);
// tests that run command-line tools against the same data read it here
fs.writeFileSync(`${dataDir}/database-url`, database.url);
const server = await spawnServer({ DATA_DIR: dataDir, DATABASE_URL: database.url }, { port });
console.log(`e2e server on ${server.url}`);
// the product's own log, for Playwright's webServer output (shown with DEBUG=pw:webserver)
server.child.stdout!.pipe(process.stdout);
server.child.stderr!.pipe(process.stderr);

let stopping = false;
const stop = async () => {
  stopping = true;
  await server.stop();
  await database.drop();
  process.exit(0);
};
process.on('SIGTERM', () => void stop());
process.on('SIGINT', () => void stop());
server.child.once('exit', (code) => {
  if (stopping) return;
  console.error(`the product exited (${code}):\n${server.output()}`);
  void database.drop().finally(() => process.exit(1));
});
