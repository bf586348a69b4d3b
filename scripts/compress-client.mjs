// Writes file.br and file.gz beside every compressible file of the client build, at the
// strongest settings: the server sends them as they are, so compressing costs nothing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist/client');
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
// Below this a compressed reply saves less than its headers cost.
const MIN_BYTES = 512;

function* files(dir) {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let br = 0;
let count = 0;
for (const file of files(dist)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // A compressed copy that is not smaller would only waste the client's time.
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  raw += body.length;
  br += Math.min(brotli.length, body.length);
  count++;
}
console.log(`compressed ${count} client files: ${(raw / 1024).toFixed(0)} KB → ${(br / 1024).toFixed(0)} KB brotli`);
