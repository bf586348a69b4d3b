import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBREAK_CASE_LIMITS } from '@common/constants/outbreak';
import { approximateCount } from '@common/rules/approximate';
import { auditEvents, notifications, outbreakCases, outbreakSyncRuns } from '../../db/schema';
import { startFixtureServer, readFixture, type FixtureServer } from '../../test-support/fixture-server';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

const fixture = (name: string) => readFixture(new URL(`./fixtures/${name}`, import.meta.url));

let feeds: FixtureServer;
let t: TestContext;
let admin: { cookie: string; user: { id: string } };
let doctors: { cookie: string; user: { id: string } }[];

beforeAll(async () => {
  feeds = await startFixtureServer({
    '/api/hubs/diseaseoutbreaknews': { body: await fixture('who-don.json') },
    '/v3/covid-19/countries': { body: await fixture('disease-sh.json') },
  });
  t = await createTestApp({
    OUTBREAK_WHO_URL: feeds.url('/api/hubs/diseaseoutbreaknews'),
    OUTBREAK_CASES_URL: feeds.url('/v3/covid-19/countries'),
    // Long enough for a loaded machine to answer from loopback; the slow-feed test waits longer still.
    OUTBREAK_FETCH_TIMEOUT_MS: '2000',
  });
  admin = await signedInUser(t.db, { userType: 'admin' });
  doctors = [await signedInUser(t.db, { userType: 'doctor' }), await signedInUser(t.db, { userType: 'doctor' })];
});
afterAll(async () => {
  await t.close();
  await feeds.close();
});

const sync = (cookie = admin.cookie) =>
  t.app.inject({ method: 'POST', url: '/api/outbreak/sync', headers: { cookie } });
const alertsFor = async (userId: string) =>
  (
    await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'outbreak_alert')))
  ).length;

describe('POST /api/outbreak/sync', () => {
  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/outbreak/sync' })).statusCode).toBe(401);
    const patient = await signedInUser(t.db);
    expect((await sync(patient.cookie)).statusCode).toBe(403);
    expect((await sync(doctors[0].cookie)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/outbreak/sync-status', headers: { cookie: patient.cookie } }))
        .statusCode,
    ).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/outbreak/sync-status' })).statusCode).toBe(401);
  });

  it('stores both feeds, leaves the snapshot out, and alerts each doctor once about the new critical case', async () => {
    const response = await sync();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      totalSynced: 6,
      sources: [
        { source: 'who-don', status: 'synced', count: 3, error: null },
        { source: 'disease-sh', status: 'synced', count: 3, error: null },
        { source: 'snapshot', status: 'skipped', count: 0 },
      ],
      outcome: {
        state: 'live',
        title: 'Data Sync Complete',
        message: 'Successfully synced 6 records from WHO Disease Outbreak News, disease.sh.',
      },
    });
    const rows = await t.db.select().from(outbreakCases);
    expect(rows).toHaveLength(6);
    expect(rows.find((r) => r.externalId === '2024-DON537')).toMatchObject({ source: 'who-don', severity: 'critical' });
    for (const doctor of doctors) expect(await alertsFor(doctor.user.id)).toBe(1);
    const [audit] = await t.db.select().from(auditEvents).where(eq(auditEvents.action, 'outbreak.sync'));
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: 'outbreak_sync_run' });
  });

  it('changes nothing when run again on the same data, and alerts nobody twice', async () => {
    const before = await t.db.select().from(outbreakCases).orderBy(outbreakCases.id);
    const response = await sync();
    expect(response.json().totalSynced).toBe(6);
    const after = await t.db.select().from(outbreakCases).orderBy(outbreakCases.id);
    expect(after).toEqual(before);
    for (const doctor of doctors) expect(await alertsFor(doctor.user.id)).toBe(1);
  });

  it('updates a case whose figures changed', async () => {
    const payload = JSON.parse(await fixture('who-don.json'));
    payload.value[1].Summary = '<p>So far 480 confirmed measles cases and 3 deaths.</p>';
    payload.value[1].LastModified = '2025-04-03T10:00:00Z';
    feeds.set('/api/hubs/diseaseoutbreaknews', { body: JSON.stringify(payload) });
    await sync();
    const [measles] = await t.db.select().from(outbreakCases).where(eq(outbreakCases.externalId, '2025-DON560'));
    expect(measles).toMatchObject({ confirmedCases: 480, deaths: 3 });
    feeds.set('/api/hubs/diseaseoutbreaknews', { body: await fixture('who-don.json') });
  });

  it('one failing feed leaves the other synced and says so; live data needs no snapshot', async () => {
    feeds.set('/v3/covid-19/countries', { status: 502, body: 'Bad gateway', contentType: 'text/plain' });
    const response = await sync();
    const body = response.json();
    expect(body.sources[0]).toMatchObject({ source: 'who-don', status: 'synced', count: 3 });
    expect(body.sources[1]).toMatchObject({ source: 'disease-sh', status: 'failed', count: 0 });
    expect(body.sources[1].error).toMatch(/502/);
    expect(body.sources[2]).toMatchObject({ source: 'snapshot', status: 'skipped', count: 0 });
    expect(body.outcome.state).toBe('partial');
    expect(body.outcome.title).toBe('Data Sync Incomplete');
    expect(body.outcome.message).toMatch(
      /^Successfully synced 3 records from WHO Disease Outbreak News\. disease\.sh failed: .*502.*\. Records from its earlier syncs are kept\.$/,
    );
    expect(body.outcome.message).not.toMatch(/total cases/i);
    // The cases the failed feed delivered earlier stay; the snapshot does not join live data.
    expect(await t.db.select().from(outbreakCases).where(eq(outbreakCases.source, 'disease-sh'))).toHaveLength(3);
    expect(await t.db.select().from(outbreakCases).where(eq(outbreakCases.source, 'snapshot'))).toHaveLength(0);
    for (const doctor of doctors) expect(await alertsFor(doctor.user.id)).toBe(1);
  });

  it('every live feed failing brings in the dated snapshot and says that no live data came in', async () => {
    feeds.set('/api/hubs/diseaseoutbreaknews', { status: 503, body: 'Unavailable', contentType: 'text/plain' });
    feeds.set('/v3/covid-19/countries', { status: 502, body: 'Bad gateway', contentType: 'text/plain' });
    const body = (await sync()).json();
    expect(body.sources.at(-1)).toMatchObject({ source: 'snapshot', status: 'synced' });
    const snapshotCount = body.sources.at(-1).count;
    expect(body.outcome).toEqual({
      state: 'failed',
      title: 'Live Sources Failed',
      message: expect.stringMatching(
        new RegExp(
          '^No live data came in\\. WHO Disease Outbreak News failed: .*503.*\\. disease\\.sh failed: .*502.*\\. ' +
            `Synced ${snapshotCount} records from the bundled snapshot dated 15 Oct 2025 instead; it is not live data\\.$`,
        ),
      ),
    });
    // The snapshot's critical cases are new to doctors: one more alert each, listing them.
    for (const doctor of doctors) expect(await alertsFor(doctor.user.id)).toBe(2);
    feeds.set('/api/hubs/diseaseoutbreaknews', { body: await fixture('who-don.json') });
    feeds.set('/v3/covid-19/countries', { body: await fixture('disease-sh.json') });
  });

  it('a feed that does not answer in time is reported as timed out', async () => {
    feeds.set('/v3/covid-19/countries', { body: '[]', delayMs: 5000 });
    const body = (await sync()).json();
    expect(body.sources[1]).toMatchObject({ source: 'disease-sh', status: 'failed', error: 'timed out' });
    expect(body.outcome.message).toContain('disease.sh failed: timed out.');
    feeds.set('/v3/covid-19/countries', { body: await fixture('disease-sh.json') });
  });

  it('two admins pressing Sync at once get one sync and the same result', async () => {
    const runsBefore = (await t.db.select().from(outbreakSyncRuns)).length;
    feeds.set('/v3/covid-19/countries', { body: await fixture('disease-sh.json'), delayMs: 200 });
    const other = await signedInUser(t.db, { userType: 'admin' });
    const [a, b] = await Promise.all([sync(), sync(other.cookie)]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    expect((await t.db.select().from(outbreakSyncRuns)).length).toBe(runsBefore + 1);
    feeds.set('/v3/covid-19/countries', { body: await fixture('disease-sh.json') });
  });

  it('sync-status gives the last sync, the configured feeds, the records stored by source and the cases', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/outbreak/sync-status',
      headers: { cookie: admin.cookie },
    });
    expect(response.statusCode).toBe(200);
    const status = response.json();
    expect(status.lastSync).toEqual(expect.any(String));
    expect(status.running).toBe(false);
    expect(status.liveSources).toEqual([
      { source: 'who-don', configured: true },
      { source: 'disease-sh', configured: true },
    ]);
    expect(status.sourceBreakdown).toEqual([
      { source: 'disease-sh', count: 3 },
      { source: 'who-don', count: 3 },
    ]);
    expect(status.recordCount).toBe(6);
    // Total cases are cases, not records: WHO's country outbreaks (disease.sh counts are cumulative).
    const who = await t.db.select().from(outbreakCases).where(eq(outbreakCases.source, 'who-don'));
    expect(status.totalCases).toBe(who.reduce((sum, r) => sum + (r.confirmedCases ?? 0), 0));
    expect(status.totalCases).toBeGreaterThan(6);
    expect(status.lastRun.outcome.title).toBe('Data Sync Complete');
  });
});

describe('GET /api/outbreak/cases and /statistics', () => {
  it('visitors get 3 cases and approximate totals; signed-in users 9 and sums of like with like', async () => {
    // Enough cases for the limits to matter: with no live feed answering, the snapshot joins the stored cases.
    feeds.set('/api/hubs/diseaseoutbreaknews', { status: 500, body: '' });
    feeds.set('/v3/covid-19/countries', { status: 500, body: '' });
    await sync();
    const total = (await t.db.select().from(outbreakCases)).length;
    expect(total).toBeGreaterThan(OUTBREAK_CASE_LIMITS.signedIn);

    const visitorCases = (await t.app.inject({ url: '/api/outbreak/cases' })).json();
    expect(visitorCases).toHaveLength(OUTBREAK_CASE_LIMITS.visitor);
    const user = await signedInUser(t.db);
    const cases = (await t.app.inject({ url: '/api/outbreak/cases', headers: { cookie: user.cookie } })).json();
    expect(cases).toHaveLength(OUTBREAK_CASE_LIMITS.signedIn);
    const ranks = cases.map((c: { severity: string }) => ['critical', 'high', 'medium', 'low'].indexOf(c.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (let i = 1; i < cases.length; i++) {
      if (cases[i].severity === cases[i - 1].severity)
        expect(cases[i].lastUpdated <= cases[i - 1].lastUpdated).toBe(true);
    }
    expect(cases[0]).toEqual(
      expect.objectContaining({
        diseaseName: expect.any(String),
        sourceAgency: expect.any(String),
        lastUpdated: expect.any(String),
        scope: expect.stringMatching(/^(outbreak|running-total)$/),
      }),
    );

    const exact = (await t.app.inject({ url: '/api/outbreak/statistics', headers: { cookie: user.cookie } })).json();
    const rows = await t.db.select().from(outbreakCases);
    // Worldwide tallies and disease.sh's cumulative country counts overlap the outbreaks: never added.
    const outbreaks = rows.filter((r) => r.source !== 'disease-sh' && r.country !== 'Global');
    const sum = (pick: (r: (typeof rows)[number]) => number | null) =>
      outbreaks.reduce((s, r) => s + (pick(r) ?? 0), 0);
    const reporting = (pick: (r: (typeof rows)[number]) => number | null) =>
      outbreaks.filter((r) => pick(r) !== null).length;
    expect(outbreaks.length).toBeLessThan(rows.length);
    expect(exact).toMatchObject({
      approximate: false,
      totalCases: sum((r) => r.confirmedCases),
      totalDeaths: sum((r) => r.deaths),
      activeCases: sum((r) => r.activeCases),
      totalRecovered: sum((r) => r.recoveredCases),
      outbreakCount: outbreaks.length,
      runningTotalCount: rows.length - outbreaks.length,
      snapshotAsOf: '2025-10-15',
      stale: true,
      staleAfterDays: 30,
    });
    expect(exact.totalCases).toBeLessThan(100_000_000);
    expect(exact.coverage.active.reporting).toBe(reporting((r) => r.activeCases));
    expect(exact.coverage.active.reporting).toBeLessThan(outbreaks.length);
    expect(exact.coverage.confirmed.agencies).toContain('WHO');

    const visitor = (await t.app.inject({ url: '/api/outbreak/statistics' })).json();
    expect(visitor).toMatchObject({
      approximate: true,
      totalCases: approximateCount(exact.totalCases),
      totalDeaths: approximateCount(exact.totalDeaths),
    });
    expect(JSON.stringify(visitor)).not.toContain(String(exact.totalCases));
  });
});
