import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { outbreakCases } from '../../db/schema';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { severityRank } from './sync';

const DAY = 86_400_000;
const NOW = new Date('2026-11-26T12:00:00Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);
const clock = fixedClock(NOW);
let t: TestContext;
let user: { cookie: string };
let admin: { cookie: string };
let dir: string;

type Row = typeof outbreakCases.$inferInsert;
const row = (r: Omit<Row, 'severityRank' | 'location'>): Row => ({
  ...r,
  location: r.country,
  severityRank: severityRank(r.severity),
});

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  user = await signedInUser(t.db);
  admin = await signedInUser(t.db, { userType: 'admin' });
  dir = mkdtempSync(path.join(tmpdir(), 'medora-honest-'));
  const who = 'World Health Organization';
  await t.db.insert(outbreakCases).values([
    row({
      source: 'who-don',
      externalId: 'cholera-sd',
      diseaseName: 'Cholera',
      severity: 'high',
      country: 'Sudan',
      confirmedCases: 1000,
      activeCases: null,
      recoveredCases: null,
      deaths: 10,
      lastUpdated: daysAgo(29),
      sourceAgency: who,
    }),
    row({
      source: 'snapshot',
      externalId: 'ebola-cd',
      diseaseName: 'Ebola virus disease',
      severity: 'critical',
      country: 'Democratic Republic of the Congo',
      confirmedCases: 64,
      activeCases: 5,
      recoveredCases: 15,
      deaths: 45,
      lastUpdated: daysAgo(40),
      sourceAgency: who,
    }),
    row({
      source: 'snapshot',
      externalId: 'measles-us',
      diseaseName: 'Measles',
      severity: 'medium',
      country: 'United States of America',
      confirmedCases: 301,
      activeCases: null,
      recoveredCases: null,
      deaths: 3,
      lastUpdated: daysAgo(35),
      sourceAgency: 'Centers for Disease Control and Prevention',
    }),
    // Running totals: a worldwide tally and a country's count since 2020 overlap the outbreaks.
    row({
      source: 'snapshot',
      externalId: 'covid-global',
      diseaseName: 'COVID-19',
      severity: 'high',
      country: 'Global',
      confirmedCases: 778_000_000,
      activeCases: null,
      recoveredCases: null,
      deaths: 7_100_000,
      lastUpdated: daysAgo(60),
      sourceAgency: who,
    }),
    row({
      source: 'disease-sh',
      externalId: 'COVID-19:USA',
      diseaseName: 'COVID-19',
      severity: 'high',
      country: 'USA',
      confirmedCases: 111_820_082,
      activeCases: 786_167,
      recoveredCases: 109_814_428,
      deaths: 1_219_487,
      lastUpdated: daysAgo(30),
      sourceAgency: 'disease.sh (Johns Hopkins CSSE, Worldometers)',
    }),
  ]);
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const statistics = async (cookie?: string) =>
  (await t.app.inject({ url: '/api/outbreak/statistics', headers: cookie ? { cookie } : {} })).json();
const post = (url: string, cookie: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers: { cookie }, payload });

describe('outbreak totals', () => {
  it('add each figure over the country outbreaks that report it, never the running totals', async () => {
    const stats = await statistics(user.cookie);
    expect(stats).toMatchObject({
      approximate: false,
      totalCases: 1000 + 64 + 301,
      activeCases: 5,
      totalRecovered: 15,
      totalDeaths: 10 + 45 + 3,
      outbreakCount: 3,
      runningTotalCount: 2,
      dataAsOf: daysAgo(29).toISOString(),
      snapshotAsOf: '2025-10-15',
      staleAfterDays: 30,
    });
    // Each total says how many outbreaks give it, who reported them and the span of their reports.
    expect(stats.coverage.confirmed).toEqual({
      reporting: 3,
      agencies: ['WHO', 'CDC'],
      from: daysAgo(40).toISOString(),
      to: daysAgo(29).toISOString(),
    });
    expect(stats.coverage.active).toEqual({
      reporting: 1,
      agencies: ['WHO'],
      from: daysAgo(40).toISOString(),
      to: daysAgo(40).toISOString(),
    });
    const cases = (await t.app.inject({ url: '/api/outbreak/cases', headers: { cookie: user.cookie } })).json();
    const scopes = Object.fromEntries(cases.map((c: { country: string; scope: string }) => [c.country, c.scope]));
    expect(scopes).toEqual({
      Sudan: 'outbreak',
      'Democratic Republic of the Congo': 'outbreak',
      'United States of America': 'outbreak',
      Global: 'running-total',
      USA: 'running-total',
    });
  });

  it('are out of date once the newest report is older than 30 days, by the server clock', async () => {
    expect((await statistics(user.cookie)).stale).toBe(false);
    clock.set(new Date(NOW.getTime() + 1 * DAY));
    expect((await statistics(user.cookie)).stale).toBe(false);
    expect((await statistics()).stale).toBe(false);
    clock.set(new Date(NOW.getTime() + 2 * DAY));
    expect((await statistics(user.cookie)).stale).toBe(true);
    expect((await statistics()).stale).toBe(true);
    clock.set(NOW);
  });
});

describe('a report bought from current data', () => {
  it('needs no consent, carries no out-of-date notice, and lists running totals apart', async () => {
    const intent = await post('/api/outbreak/pdf-report/payment', user.cookie, {
      reportType: 'full',
      medicalProfessional: true,
    });
    expect(intent.statusCode).toBe(200);
    const { clientSecret, paymentIntentId } = intent.json();
    await post('/api/payments/simulated/confirm-card', user.cookie, {
      clientSecret,
      card: { number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', postcode: '10001' },
    });
    const confirm = await post('/api/outbreak/pdf-report/confirm', user.cookie, { paymentIntentId });
    expect(confirm.statusCode).toBe(200);
    const pdf = await t.app.inject({ url: confirm.json().reportData.downloadUrl, headers: { cookie: user.cookie } });
    const file = path.join(dir, 'full.pdf');
    writeFileSync(file, pdf.rawPayload);
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    expect(text).not.toContain('Out-of-date data');
    expect(text).toContain('Contents');
    expect(text).toMatch(/Page 2 of \d+/);
    expect(text).toMatch(/Confirmed cases\s+1,365\s+all 3 outbreaks\s+WHO and CDC, reports of Oct 17, 2026 to/);
    expect(text).toMatch(/Active cases\s+5\s+1 of 3 outbreaks\s+WHO, as of Oct 17, 2026/);
    expect(text).toContain('United States of America');
    expect(text).toMatch(/COVID-19\s+Global\s+Worldwide total\s+778,000,000/);
    expect(text).toMatch(/COVID-19\s+USA\s+Cumulative count since/);
  });
});

describe('an administrator’s sync with no live source configured', () => {
  it('says so plainly, loads the dated snapshot and counts records, not cases', async () => {
    const response = await post('/api/outbreak/sync', admin.cookie);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.sources).toEqual([
      { source: 'who-don', status: 'unconfigured', count: 0, error: null },
      { source: 'disease-sh', status: 'unconfigured', count: 0, error: null },
      { source: 'snapshot', status: 'synced', count: body.totalSynced, error: null },
    ]);
    expect(body.outcome).toEqual({
      state: 'not-configured',
      title: 'Live Sources Not Configured',
      message:
        'No live outbreak source is configured: set OUTBREAK_WHO_URL for WHO Disease Outbreak News or ' +
        `OUTBREAK_CASES_URL for disease.sh. Synced ${body.totalSynced} records from the bundled snapshot dated ` +
        '15 Oct 2025 instead; it is not live data.',
    });
    const status = (await t.app.inject({ url: '/api/outbreak/sync-status', headers: { cookie: admin.cookie } })).json();
    expect(status.liveSources).toEqual([
      { source: 'who-don', configured: false },
      { source: 'disease-sh', configured: false },
    ]);
    expect(status.lastRun.outcome.state).toBe('not-configured');
    expect(status.recordCount).toBeGreaterThan(body.totalSynced);
    expect(status.totalCases).toBe((await statistics(user.cookie)).totalCases);
  });
});
