import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './chromium';
import { expect, test } from './fixtures';

/**
 * Lighthouse 12 with its mobile defaults (simulated slow 4G, 4× slower CPU) on the production
 * build, on the pages new visitors land on: accessibility must be 1.0; performance is printed
 * against its goal of 0.95 (0.96–0.98 on a quiet machine, decision 022) but not asserted: it is a
 * timing measurement and moves with the load of the machine running the suite.
 */
const run = promisify(execFile);
const LIGHTHOUSE = path.resolve('node_modules/lighthouse/cli/index.js');
// One run while performance is only printed; raise it when the goal becomes an assertion.
const RUNS = 1;
const PERFORMANCE_GOAL = 0.95;

type Scores = { performance: number; accessibility: number; lcp: string; tbt: string; kib: number };

// Lighthouse's own trace recording sometimes fails on a loaded machine ("Runtime error
// encountered ... NO_NAVSTART"); that says nothing of the page, so such a run is tried again.
const TOOL_ATTEMPTS = 3;

async function runLighthouse(url: string, out: string) {
  const flags = ['--headless=new', ...CHROMIUM_ARGS].join(' ');
  for (let attempt = 1; ; attempt++) {
    try {
      await run(
        process.execPath,
        [LIGHTHOUSE, url, '--quiet', '--output=json', `--output-path=${out}`, `--chrome-flags=${flags}`],
        { env: { ...process.env, CHROME_PATH: CHROMIUM_PATH }, timeout: 120_000, maxBuffer: 16 * 1024 * 1024 },
      );
      return;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= TOOL_ATTEMPTS || !message.includes('Runtime error encountered')) throw error;
      console.log(
        `lighthouse ${url}: the tool failed (${message.split('\n').find((l) => l.includes('Runtime'))}), again`,
      );
    }
  }
}

async function lighthouse(url: string, dir: string): Promise<Scores> {
  const out = path.join(dir, 'report.json');
  await runLighthouse(url, out);
  const report = JSON.parse(readFileSync(out, 'utf8'));
  return {
    performance: report.categories.performance.score,
    accessibility: report.categories.accessibility.score,
    lcp: report.audits['largest-contentful-paint'].displayValue,
    tbt: report.audits['total-blocking-time'].displayValue,
    kib: Math.round(report.audits['total-byte-weight'].numericValue / 1024),
  };
}

test('Lighthouse mobile: accessibility 1.0 on the landing pages, performance printed against its goal', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(RUNS * 3 * TOOL_ATTEMPTS * 150_000);
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
        if (scores.performance >= PERFORMANCE_GOAL) break;
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  for (const [page, scores] of Object.entries(best)) {
    console.log(`lighthouse ${page}: performance ${scores.performance} (goal ${PERFORMANCE_GOAL})`);
    expect(scores.accessibility, `${page} accessibility`).toBe(1);
  }
});
