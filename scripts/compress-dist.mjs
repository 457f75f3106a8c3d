// Writes .br and .gz siblings of the built text assets, which @fastify/static
// serves as they are (preCompressed), so no request pays for compression.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../dist/web');
const compressible = /\.(js|css|html|svg|json|webmanifest|txt|map)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (compressible.test(name)) yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  const content = readFileSync(file);
  if (content.length < 1024) continue;
  writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
  count += 1;
}
console.log(`Pre-compressed ${count} files in dist/web (brotli and gzip).`);
