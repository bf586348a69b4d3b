import { describe, expect, it } from 'vitest';
import { syncOutcome } from './outbreak-sync';

const synced = (source: 'who-don' | 'disease-sh' | 'snapshot', count: number) =>
  ({ source, status: 'synced', count, error: null }) as const;
const failed = (source: 'who-don' | 'disease-sh', error: string) =>
  ({ source, status: 'failed', count: 0, error }) as const;
const unconfigured = (source: 'who-don' | 'disease-sh') =>
  ({ source, status: 'unconfigured', count: 0, error: null }) as const;
const skipped = { source: 'snapshot', status: 'skipped', count: 0, error: null } as const;

describe('syncOutcome', () => {
  it('calls a sync complete only when live data came in and nothing failed', () => {
    expect(syncOutcome([synced('who-don', 48), unconfigured('disease-sh'), skipped], '2025-10-15')).toEqual({
      state: 'live',
      title: 'Data Sync Complete',
      message:
        'Successfully synced 48 records from WHO Disease Outbreak News. Not configured: disease.sh (OUTBREAK_CASES_URL).',
    });
  });

  it('names the feed that failed and why', () => {
    const outcome = syncOutcome([synced('who-don', 48), failed('disease-sh', 'timed out'), skipped], '2025-10-15');
    expect(outcome.state).toBe('partial');
    expect(outcome.message).toBe(
      'Successfully synced 48 records from WHO Disease Outbreak News. disease.sh failed: timed out. Records from its earlier syncs are kept.',
    );
  });

  it('says that no live data came in and that the dated snapshot stood in', () => {
    expect(
      syncOutcome(
        [failed('who-don', 'www.who.int answered 503'), unconfigured('disease-sh'), synced('snapshot', 15)],
        '2025-10-15',
      ),
    ).toEqual({
      state: 'failed',
      title: 'Live Sources Failed',
      message:
        'No live data came in. WHO Disease Outbreak News failed: www.who.int answered 503. Synced 15 records from the ' +
        'bundled snapshot dated 15 Oct 2025 instead; it is not live data. Not configured: disease.sh (OUTBREAK_CASES_URL).',
    });
  });

  it('tells the administrator which setting to fill in when no live source is configured', () => {
    const outcome = syncOutcome(
      [unconfigured('who-don'), unconfigured('disease-sh'), synced('snapshot', 1)],
      '2025-10-15',
    );
    expect(outcome).toEqual({
      state: 'not-configured',
      title: 'Live Sources Not Configured',
      message:
        'No live outbreak source is configured: set OUTBREAK_WHO_URL for WHO Disease Outbreak News or OUTBREAK_CASES_URL ' +
        'for disease.sh. Synced 1 record from the bundled snapshot dated 15 Oct 2025 instead; it is not live data.',
    });
    expect(JSON.stringify(outcome)).not.toMatch(/total cases/i);
  });
});
