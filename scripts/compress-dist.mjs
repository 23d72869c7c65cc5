// After `vite build`: writes .br and .gz beside every text asset of the console, so the server sends them
// precompressed (no compression work per request).
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(process.argv[2] ?? 'packages/web/dist');
const compressible = /\.(js|css|html|svg|json|txt|map|mjs)$/;
let files = 0;
let before = 0;
let after = 0;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) walk(file);
    else if (compressible.test(name) && !name.endsWith('.map')) {
      const data = readFileSync(file);
      if (data.length < 1024) continue;
      const gz = gzipSync(data, { level: 9 });
      writeFileSync(`${file}.gz`, gz);
      writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      files++;
      before += data.length;
      after += gz.length;
    }
  }
}

walk(dist);
console.log(`compressed ${files} files: ${(before / 1024).toFixed(0)} KB → ${(after / 1024).toFixed(0)} KB gzip`);
