import { Globe2, LogIn } from 'lucide-react';
import { OUTBREAK_CASE_LIMITS, OUTBREAK_SOURCE_LANGUAGE } from '@common/constants/outbreak';
import { goToLogin } from '../../lib/api';
import { useCurrentUser } from '../../lib/current-user';
import { textsFor } from '../../lib/i18n/areas';
import { Button } from '../../ui/button';
import { ErrorCard } from '../../ui/error-card';
import { Container, EmptyState, PageHeader } from '../../ui/page';
import { Spinner } from '../../ui/spinner';
import { useOutbreakCases, useOutbreakStatistics } from './api';
import { CaseCard } from './case-card';
import { CasesChart } from './cases-chart';
import { useOutbreakWords } from './format';
import { MyReports } from './my-reports';
import { OutOfDateBanner } from './out-of-date-banner';
import { OutbreakStats } from './outbreak-stats';
import { ReportOffers } from './report-offers';
import { SyncPanel } from './sync-panel';

const useT = textsFor('outbreak');

/** Current outbreaks: 3 with approximate totals for visitors, 9 with exact totals for signed-in users. */
export function OutbreakPage() {
  const t = useT();
  const words = useOutbreakWords();
  const { user } = useCurrentUser();
  const stats = useOutbreakStatistics();
  const cases = useOutbreakCases();

  if (stats.isError || cases.isError) {
    return (
      <ErrorCard
        title={t('outbreak.error.title')}
        message={t('outbreak.error.message')}
        onRetry={() => window.location.reload()}
      />
    );
  }

  return (
    <Container className="flex flex-col gap-6 pb-12">
      <PageHeader title={t('outbreak.title')} subtitle={t('outbreak.subtitle')} />
      {/* Readers of another language are told why the names are not in theirs. */}
      {words.f.language !== OUTBREAK_SOURCE_LANGUAGE && (
        <p className="-mt-3 text-sm text-muted">{t('outbreak.sourceNames')}</p>
      )}
      {user?.userType === 'admin' && <SyncPanel />}
      {stats.isPending || cases.isPending ? (
        <div className="flex justify-center py-16">
          <Spinner className="h-8 w-8" label={t('outbreak.loading')} />
        </div>
      ) : cases.data.length === 0 ? (
        <EmptyState icon={<Globe2 className="h-10 w-10" aria-hidden />} title={t('outbreak.empty')} />
      ) : (
        <>
          {stats.data.stale && stats.data.dataAsOf && (
            <OutOfDateBanner dataAsOf={stats.data.dataAsOf} snapshotAsOf={stats.data.snapshotAsOf} />
          )}
          <OutbreakStats stats={stats.data} />
          {stats.data.snapshotAsOf && !stats.data.stale && (
            <p className="-mt-3 text-xs text-muted">
              {t('outbreak.snapshotNote', { day: words.day(stats.data.snapshotAsOf) })}
            </p>
          )}
          <section aria-labelledby="cases-title" className="flex flex-col gap-3">
            <h2 id="cases-title" className="text-xl font-semibold text-ink">
              {t('outbreak.cases.title')}
            </h2>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {cases.data.map((outbreak) => (
                <CaseCard key={outbreak.id} outbreak={outbreak} />
              ))}
            </div>
          </section>
          {!user && (
            <div className="flex flex-col items-start gap-3 rounded-xl border border-brand-200 bg-brand-50 p-5 sm:flex-row sm:items-center sm:justify-between">
              <div>
                <p className="font-semibold text-ink">{t('outbreak.signIn.title')}</p>
                <p className="text-sm text-muted">
                  {t('outbreak.signIn.text', { count: OUTBREAK_CASE_LIMITS.signedIn })}
                </p>
              </div>
              <Button onClick={() => goToLogin()}>
                <LogIn className="h-4 w-4 rtl:-scale-x-100" aria-hidden /> {t('outbreak.signIn.button')}
              </Button>
            </div>
          )}
          {user && <CasesChart cases={cases.data} />}
        </>
      )}
      {user && <MyReports />}
      {user && <ReportOffers outOfDate={stats.data?.stale === true} />}
    </Container>
  );
}
