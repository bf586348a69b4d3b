// The JavaScript a first visit to a page downloads, compressed as the server sends it: loads the
// page of a built client (served from `dist/client` by a tiny static server, API calls answered
// 404) in Chromium, records every script it fetches, and adds up the sizes of their precompressed
// .gz and .br files. Decision 058 used it for the landing page's budget.
//   node scripts/first-load-size.mjs [dist/client] [path=/] [language=en]
import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const dist = path.resolve(process.argv[2] ?? 'dist/client');
const page = process.argv[3] ?? '/';
const language = process.argv[4] ?? 'en';
const TYPES = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
  '.woff2': 'font/woff2',
  '.svg': 'image/svg+xml',
};

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  if (url.pathname.startsWith('/api/')) return res.writeHead(404).end('{}');
  let file = path.join(dist, url.pathname);
  if (!file.startsWith(dist) || !existsSync(file) || statSync(file).isDirectory()) file = path.join(dist, 'index.html');
  res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(res);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
});
const context = await browser.newContext({ locale: language });
await context.addCookies([{ name: 'medora_lang', value: language, domain: '127.0.0.1', path: '/' }]);
const tab = await context.newPage();
const scripts = new Set();
tab.on('request', (r) => {
  const p = new URL(r.url()).pathname;
  if (p.endsWith('.js')) scripts.add(p);
});
await tab.goto(base + page);
await tab.waitForLoadState('networkidle');
await browser.close();
server.close();

const size = (file) => (existsSync(file) ? statSync(file).size : 0);
let raw = 0;
let gzip = 0;
let brotli = 0;
for (const p of scripts) {
  const file = path.join(dist, p);
  raw += size(file);
  gzip += size(`${file}.gz`) || size(file);
  brotli += size(`${file}.br`) || size(file);
}
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
console.log(`${page} (${language}): ${scripts.size} scripts, raw ${kb(raw)}, gzip ${kb(gzip)}, brotli ${kb(brotli)}`);
console.log([...scripts].sort().join('\n'));
