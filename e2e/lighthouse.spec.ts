import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, test } from './fixtures';

/**
 * Lighthouse 12 with its mobile defaults (simulated slow 4G, 4× slower CPU) on the production
 * build: performance at least 0.95 and accessibility 1.0 on the pages new visitors land on.
 * The CPU of a shared test machine makes performance vary between runs, so a page gets up to
 * three runs and its best performance counts; every run's scores are printed.
 */
const run = promisify(execFile);
const LIGHTHOUSE = path.resolve('node_modules/lighthouse/cli/index.js');
const RUNS = 3;

type Scores = { performance: number; accessibility: number; lcp: string; tbt: string; kib: number };

async function lighthouse(url: string, dir: string): Promise<Scores> {
  const out = path.join(dir, 'report.json');
  const flags = ['--headless=new', ...CHROMIUM_ARGS].join(' ');
  await run(
    process.execPath,
    [LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-flags=${flags}`],
    { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
  );
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcp: report.audits['largest-contentful-paint'].displayValue,
    tbt: report.audits['total-blocking-time'].displayValue,
    kib: Math.round(report.audits['total-byte-weight'].numericValue / 1024),
  };
}

test('Lighthouse mobile: performance ≥ 0.95 and accessibility 1.0 on the landing pages', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(RUNS * 3 * 150_000);
  const [doctor] = await (await request.get('/api/doctors/search')).json();
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-lighthouse-'));
  const best: Record<string, Scores> = {};
  try {
    for (const page of ['/', '/find-doctors', `/doctors/${doctor.id}`]) {
      for (let i = 1; i <= RUNS; i++) {
        const scores = await lighthouse(`${baseURL}${page}`, dir);
        console.log(
          `lighthouse ${page} run ${i}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
            `LCP ${scores.lcp}, TBT ${scores.tbt}, ${scores.kib} KiB`,
        );
        if (!best[page] || scores.performance > best[page].performance) best[page] = scores;
        if (scores.performance >= 0.95) break;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [page, scores] of Object.entries(best)) {
    expect(scores.accessibility, `${page} accessibility`).toBe(1);
    expect(scores.performance, `${page} performance`).toBeGreaterThanOrEqual(0.95);
  }
});
