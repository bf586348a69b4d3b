import { RefreshCw } from 'lucide-react';
import { OUTBREAK_SOURCE_NAMES, OUTBREAK_SOURCE_SETTINGS, type SyncOutcome } from '@common/rules/outbreak-sync';
import type { OutbreakSourceName } from '@common/constants/outbreak';
import { errorMessage } from '../../lib/api';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Button } from '../../ui/button';
import { toast } from '../../ui/toast-store';
import { useSyncOutbreaks, useSyncStatus } from './api';

const useT = textsFor('outbreak');

const FAILED: SyncOutcome['state'][] = ['failed', 'partial'];

/** Administrators: run a sync and watch its status, refreshed every 30 s. */
export function SyncPanel() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const status = useSyncStatus(true);
  const sync = useSyncOutbreaks();
  // The feeds' own names stay as they are; Medora's bundled snapshot is named in the viewer's words.
  const sourceName = (source: OutbreakSourceName) =>
    source === 'snapshot' ? t('outbreak.sync.snapshot') : OUTBREAK_SOURCE_NAMES[source];
  // The outcome's title is named by its state here; its details are the server's (English) account.
  const outcomeTitle = (outcome: SyncOutcome) => t(`outbreak.sync.state.${outcome.state}`);

  const handleSync = () =>
    sync.mutate(undefined, {
      onSuccess: ({ outcome }) => {
        toast({
          title: outcomeTitle(outcome),
          description: outcome.message,
          variant: outcome.state === 'live' ? 'success' : FAILED.includes(outcome.state) ? 'destructive' : 'default',
        });
      },
      onError: (error) =>
        toast({
          title: t('outbreak.sync.failedTitle'),
          description: errorMessage(error, t('outbreak.sync.failed')),
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
          {t('outbreak.sync.title')}
        </h2>
        <Button onClick={handleSync} disabled={sync.isPending || data?.running}>
          <RefreshCw className={sync.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'} aria-hidden />
          {t(sync.isPending ? 'outbreak.sync.syncing' : 'outbreak.sync.button')}
        </Button>
      </div>
      {data ? (
        <>
          {noneConfigured && (
            <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950">
              {t('outbreak.sync.noneConfigured', {
                setting: OUTBREAK_SOURCE_SETTINGS['who-don'],
                source: OUTBREAK_SOURCE_NAMES['who-don'],
              })}
            </p>
          )}
          <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-2 lg:grid-cols-4">
            <div>
              <dt className="text-muted">{t('outbreak.sync.lastSync')}</dt>
              <dd className="font-medium text-ink">
                {data.lastSync ? (
                  <time dateTime={data.lastSync} title={dates.moment(data.lastSync)}>
                    {dates.relative(data.lastSync)}
                  </time>
                ) : (
                  t('outbreak.sync.never')
                )}
                {data.running && ` ${t('outbreak.sync.running')}`}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('outbreak.sync.liveSources')}</dt>
              <dd className="font-medium text-ink">
                {data.liveSources
                  .map((s) =>
                    t(s.configured ? 'outbreak.sync.configured' : 'outbreak.sync.notConfigured', {
                      source: sourceName(s.source),
                    }),
                  )
                  .join(' · ')}
              </dd>
            </div>
            <div>
              <dt className="text-muted">{t('outbreak.sync.records')}</dt>
              <dd className="font-medium text-ink">{f.number(data.recordCount)}</dd>
            </div>
            <div>
              <dt className="text-muted">{t('outbreak.sync.breakdown')}</dt>
              <dd className="font-medium text-ink">
                {data.sourceBreakdown.length === 0
                  ? t('outbreak.sync.none')
                  : data.sourceBreakdown
                      .map((s) => t('outbreak.sync.sourceRecords', { source: sourceName(s.source), count: s.count }))
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
              {t('outbreak.sync.lastOutcomeTitle', { title: outcomeTitle(outcome) })}
              {/* The server's account of the run is English: kept apart so it reads in its own direction. */}
              <span className="block" dir="ltr" lang="en">
                {outcome.message}
              </span>
            </p>
          )}
        </>
      ) : (
        <p className="mt-3 text-sm text-muted">
          {t(status.isError ? 'outbreak.sync.unavailable' : 'outbreak.sync.loading')}
        </p>
      )}
    </section>
  );
}
