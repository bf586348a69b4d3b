// The first step of `npm test`: says what this machine lacks before anything runs, so a newcomer's
// run never fails halfway for want of a browser or a program. Missing pieces that `npm test`
// cannot do without stop it here, with how to get them; optional ones are named with what they
// skip. In CI (CI=true) nothing may be skipped.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';

const root = path.resolve(import.meta.dirname, '..');
const ci = process.env.CI === 'true';
const missing = [];
const skipped = [];
const found = [];

/** Whether `version` meets a range such as `^20.19.0 || ^22.12.0 || >=24` (the forms package.json uses). */
function meets(version, range) {
  const [major, minor, patch] = version.split('.').map(Number);
  const at = (v) => v.split('.').map(Number).concat([0, 0, 0]).slice(0, 3);
  const atLeast = ([a, b, c]) => major > a || (major === a && (minor > b || (minor === b && patch >= c)));
  return range.split('||').some((part) => {
    const p = part.trim();
    if (p.startsWith('>=')) return atLeast(at(p.slice(2)));
    if (p.startsWith('^')) return major === at(p.slice(1))[0] && atLeast(at(p.slice(1)));
    return false;
  });
}

const runs = (command, args) => spawnSync(command, args, { encoding: 'utf8' });
const onPath = (name) => runs('sh', ['-c', `command -v ${name}`]).status === 0;

const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
const node = process.versions.node;
if (meets(node, pkg.engines.node)) found.push(`Node ${node}`);
else missing.push(`Node ${pkg.engines.node} (this is ${node}; \`nvm use\` reads .nvmrc)`);

if (!existsSync(path.join(root, 'node_modules/vitest'))) {
  missing.push('the dependencies: run `npm ci`');
  report();
}

const { findChromium } = await import('../e2e/chromium-path.mjs');
const chromium = findChromium();
if (chromium.path) found.push(`Chromium ${chromium.path}`);
else
  missing.push(
    `Chromium for the browser tests (${chromium.problem}): \`apt-get install chromium\` (Debian, Ubuntu), ` +
      '`npx playwright install chromium` (any system), or set CHROMIUM_PATH',
  );

if (onPath('pdftotext')) found.push('pdftotext');
else
  missing.push(
    'pdftotext, which reads the PDF reports in tests: `apt-get install poppler-utils` (macOS: `brew install poppler`)',
  );

// The media journeys run in a network namespace of their own (package.json, test:e2e:media).
const namespaces = onPath('unshare') && onPath('ip') ? runs('unshare', ['-rn', 'true']) : null;
if (namespaces?.status === 0) found.push('user namespaces (media journeys)');
else
  skipped.push(
    `the media journeys (video and voice between two browsers): ${
      namespaces
        ? `user namespaces are unavailable (${(namespaces.stderr ?? '').trim() || 'unshare -rn failed'})`
        : 'unshare or ip is not installed (util-linux, iproute2)'
    }; they need Linux with unprivileged user namespaces or root`,
  );

const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) {
  skipped.push(
    'the PostgreSQL suites (the server suite on PostgreSQL, two instances behind nginx, backup and restore, ' +
      'expand/contract deploys, the crash test): TEST_DATABASE_URL is not set; `npm run test:pg` starts a ' +
      'throwaway PostgreSQL and runs `npm test` on it',
  );
} else {
  const pg = (await import('pg')).default;
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.end();
    found.push('PostgreSQL (TEST_DATABASE_URL)');
    if (!['/usr/sbin/nginx', '/usr/bin/nginx', '/usr/local/sbin/nginx'].some(existsSync))
      skipped.push(
        'two instances behind nginx (deploy/proxy.test.ts): nginx is not installed (`apt-get install nginx`)',
      );
  } catch (error) {
    missing.push(`PostgreSQL at TEST_DATABASE_URL: ${error.message} (unset it to skip those suites)`);
  }
}

report();

function report() {
  for (const line of found) console.log(`preflight: ✓ ${line}`);
  for (const line of skipped) console.log(`preflight: skipped — ${line}`);
  for (const line of missing) console.error(`preflight: ✗ missing — ${line}`);
  if (missing.length || (ci && skipped.length)) {
    console.error(
      missing.length
        ? '\n`npm test` needs the pieces marked ✗ above; nothing was run.'
        : '\nCI runs everything: nothing may be skipped.',
    );
    process.exit(1);
  }
}
