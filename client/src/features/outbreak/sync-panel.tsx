import { RefreshCw } from 'lucide-react';
import { momentText } from '@common/rules/display-time';
import { formatRelativeTime } from '@common/rules/relative-time';
import { OUTBREAK_SOURCE_NAMES, OUTBREAK_SOURCE_SETTINGS, type SyncOutcome } from '@common/rules/outbreak-sync';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useSyncOutbreaks, useSyncStatus } from './api';

const FAILED: SyncOutcome['state'][] = ['failed', 'partial'];

/** Administrators: run a sync and watch its status, refreshed every 30 s. */
export function SyncPanel() {
  const status = useSyncStatus(true);
  const sync = useSyncOutbreaks();

  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ outcome }) => {
        toast({
          title: outcome.title,
          description: outcome.message,
          variant: outcome.state === 'live' ? 'success' : FAILED.includes(outcome.state) ? 'destructive' : 'default',
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
  const outcome = data?.lastRun?.outcome;
  const noneConfigured = data !== undefined && data.liveSources.every((s) => !s.configured);
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
        <>
          {noneConfigured && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              No live source is configured on this server, so a sync can only load the bundled snapshot. Set{' '}
              {OUTBREAK_SOURCE_SETTINGS['who-don']} (WHO Disease Outbreak News) to sync live data.
            </p>
          )}
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted">Last sync</dt>
              <dd className="font-medium text-ink">
                {data.lastSync ? (
                  <time dateTime={data.lastSync} title={momentText(data.lastSync)}>
                    {formatRelativeTime(data.lastSync)}
                  </time>
                ) : (
                  'Never'
                )}
                {data.running && ' (sync running)'}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Live sources</dt>
              <dd className="font-medium text-ink">
                {data.liveSources
                  .map((s) => `${OUTBREAK_SOURCE_NAMES[s.source]}: ${s.configured ? 'configured' : 'not configured'}`)
                  .join(' · ')}
              </dd>
            </div>
            <div>
              <dt className="text-muted">Records stored</dt>
              <dd className="font-medium text-ink">{data.recordCount}</dd>
            </div>
            <div>
              <dt className="text-muted">Source breakdown</dt>
              <dd className="font-medium text-ink">
                {data.sourceBreakdown.length === 0
                  ? 'None'
                  : data.sourceBreakdown
                      .map((s) => `${OUTBREAK_SOURCE_NAMES[s.source]}: ${s.count} records`)
                      .join(' · ')}
              </dd>
            </div>
          </dl>
          {outcome && (
            <p
              className={cn(
                'mt-3 text-sm',
                outcome.state === 'live'
                  ? 'text-ink'
                  : FAILED.includes(outcome.state)
                    ? 'font-medium text-danger'
                    : 'font-medium text-amber-900',
              )}
            >
              Last sync: {outcome.title}. {outcome.message}
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {status.isError ? 'Sync status unavailable.' : 'Loading sync status...'}
        </p>
      )}
    </section>
  );
}
