import type { OutbreakSourceName } from '../constants/outbreak';

/** A source's calendar day in the sync's log, "12 Nov 2026" (sources date their reports in UTC). */
const sourceDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

export const OUTBREAK_SOURCE_NAMES: Record<OutbreakSourceName, string> = {
  'who-don': 'WHO Disease Outbreak News',
  'disease-sh': 'disease.sh',
  snapshot: 'Bundled snapshot',
};

/** The setting that switches a live feed on, named to the administrator who has to set it. */
export const OUTBREAK_SOURCE_SETTINGS: Record<Exclude<OutbreakSourceName, 'snapshot'>, string> = {
  'who-don': 'OUTBREAK_WHO_URL',
  'disease-sh': 'OUTBREAK_CASES_URL',
};

type SourceResult = {
  source: OutbreakSourceName;
  status: 'synced' | 'failed' | 'unconfigured' | 'skipped';
  count: number;
  error: string | null;
};

export type SyncOutcomeState = 'live' | 'partial' | 'failed' | 'not-configured' | 'running';
export type SyncOutcome = { state: SyncOutcomeState; title: string; message: string };

const name = (s: SourceResult) => OUTBREAK_SOURCE_NAMES[s.source];
const names = (list: SourceResult[]) => list.map(name).join(', ');
const records = (n: number) => `${n} record${n === 1 ? '' : 's'}`;
const settingOf = (s: SourceResult) => (s.source === 'snapshot' ? 'none' : OUTBREAK_SOURCE_SETTINGS[s.source]);

/**
 * What a sync did, in words an administrator can act on: whether live data came in, which feed
 * failed and why, which is not configured, and when only the bundled snapshot stood in. The count
 * is of records stored, never of cases.
 */
export function syncOutcome(sources: SourceResult[], snapshotAsOf: string | null): SyncOutcome {
  if (sources.length === 0) {
    return {
      state: 'running',
      title: 'Sync Running',
      message: 'Another sync is still running; its result will show here.',
    };
  }
  const live = sources.filter((s) => s.source !== 'snapshot' && s.status === 'synced');
  const failed = sources.filter((s) => s.status === 'failed');
  const unconfigured = sources.filter((s) => s.status === 'unconfigured');
  const snapshot = sources.find((s) => s.source === 'snapshot' && s.status === 'synced');
  const liveCount = live.reduce((sum, s) => sum + s.count, 0);

  const failures = failed.map((s) => `${name(s)} failed: ${s.error ?? 'no answer'}.`).join(' ');
  const notConfigured = unconfigured.length
    ? ` Not configured: ${unconfigured.map((s) => `${name(s)} (${settingOf(s)})`).join(', ')}.`
    : '';
  const snapshotUsed = snapshot
    ? ` Synced ${records(snapshot.count)} from the bundled snapshot${snapshotAsOf ? ` dated ${sourceDay(snapshotAsOf)}` : ''} instead; it is not live data.`
    : '';

  if (live.length > 0 && failed.length === 0) {
    return {
      state: 'live',
      title: 'Data Sync Complete',
      message: `Successfully synced ${records(liveCount)} from ${names(live)}.${notConfigured}`,
    };
  }
  if (live.length > 0) {
    return {
      state: 'partial',
      title: 'Data Sync Incomplete',
      message: `Successfully synced ${records(liveCount)} from ${names(live)}. ${failures} Records from its earlier syncs are kept.${notConfigured}`,
    };
  }
  if (failed.length > 0) {
    return {
      state: 'failed',
      title: 'Live Sources Failed',
      message: `No live data came in. ${failures}${snapshotUsed}${notConfigured}`,
    };
  }
  const settings = unconfigured.map((s) => `${settingOf(s)} for ${name(s)}`).join(' or ');
  return {
    state: 'not-configured',
    title: 'Live Sources Not Configured',
    message: `No live outbreak source is configured${settings ? `: set ${settings}` : ''}.${snapshotUsed}`,
  };
}
