import { RefreshCw } from 'lucide-react';
import { formatRelativeTime } from '@common/rules/relative-time';
import type { SyncResult } from '@common/schemas/outbreak';
import { errorMessage } from '../../lib/api';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useSyncOutbreaks, useSyncStatus } from './api';
import { SOURCE_NAMES } from './format';

const syncedFrom = (result: SyncResult) =>
  result.sources
    .filter((s) => s.status === 'synced')
    .map((s) => SOURCE_NAMES[s.source])
    .join(', ') || 'no source';

/** Administrators: run a sync and watch its status, refreshed every 30 s. */
export function SyncPanel() {
  const status = useSyncStatus(true);
  const sync = useSyncOutbreaks();

  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => {
        toast({
          title: 'Data Sync Complete',
          description: `Successfully synced ${result.totalSynced} records from ${syncedFrom(result)}`,
          variant: 'success',
        });
      },
      onError: (error) =>
        toast({
          title: 'Sync Failed',
          description: errorMessage(error, 'Failed to sync outbreak data'),
          variant: 'destructive',
        }),
    });

  const data = status.data;
  const failures = data?.lastRun?.sources.filter((s) => s.status === 'failed') ?? [];
  return (
    <section aria-labelledby="sync-title" className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="sync-title" className="text-lg font-semibold text-ink">
          Data sync
        </h2>
        <Button onClick={handleSync} disabled={sync.isPending || data?.running}>
          <RefreshCw className={sync.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          {sync.isPending ? 'Syncing...' : 'Sync Data'}
        </Button>
      </div>
      {data ? (
        <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-muted">Last sync</dt>
            <dd className="font-medium text-ink">
              {data.lastSync ? (
                <time dateTime={data.lastSync} title={new Date(data.lastSync).toLocaleString()}>
                  {formatRelativeTime(data.lastSync)}
                </time>
              ) : (
                'Never'
              )}
              {data.running && ' (sync running)'}
            </dd>
          </div>
          <div>
            <dt className="text-muted">Total cases</dt>
            <dd className="font-medium text-ink">{data.totalCases}</dd>
          </div>
          <div>
            <dt className="text-muted">Source breakdown</dt>
            <dd className="font-medium text-ink">
              {data.sourceBreakdown.length === 0
                ? 'None'
                : data.sourceBreakdown.map((s) => `${SOURCE_NAMES[s.source]}: ${s.count}`).join(' · ')}
            </dd>
          </div>
        </dl>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {status.isError ? 'Sync status unavailable.' : 'Loading sync status...'}
        </p>
      )}
      {failures.length > 0 && (
        <ul className="mt-3 text-sm text-danger">
          {failures.map((f) => (
            <li key={f.source}>
              {SOURCE_NAMES[f.source]} failed at the last sync: {f.error}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
