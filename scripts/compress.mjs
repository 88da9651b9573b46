// Writes .br and .gz twins of the built text assets, so the server sends them without work.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist/client');
const TEXT = /\.(js|mjs|css|svg|json|txt|webmanifest|html)$/;

function* walk(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(file);
    else if (TEXT.test(entry.name)) yield file;
  }
}

let count = 0;
for (const file of walk(root)) {
  const data = fs.readFileSync(file);
  if (data.length < 256) continue;
  fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(data, { level: 9 }));
  count++;
}
console.log(`compress: ${count} files precompressed (br, gzip)`);
