import { ArrowRight, Clock, UserRoundPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { localTimeZone } from '@common/rules/display-time';
import { ApiError, goToLogin } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useCurrentUser } from '../../lib/current-user';
import { buttonClass } from '../../ui/button-class';
import { Card } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { toast } from '../../ui/toast-store';
import {
  useDashboardStats,
  useEarningStats,
  usePayoutSummary,
  useRecentEarnings,
  useRecentPayouts,
  useTodayAppointments,
} from './api';
import { EarningsCard } from './earnings-card';
import { PayoutAccountCard } from './payout-account-card';
import { PayoutsCard } from './payouts-card';
import { QuickActions } from './quick-actions';
import { StatCards } from './stat-cards';
import { TimeOffCard } from './time-off-card';
import { TodaySchedule } from './today-schedule';

const useT = textsFor('dashboard');

/** A signed-out visitor gets the Unauthorized toast and goes to sign-in after 500 ms. */
function useRedirectWhenSignedOut(error: unknown) {
  const t = useT();
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    toast({ title: t('shell.unauthorized.title'), description: t('shell.unauthorized.text'), variant: 'destructive' });
    const timer = setTimeout(() => goToLogin(), 500);
    return () => clearTimeout(timer);
  }, [error, t]);
}

function SetupProfile() {
  const t = useT();
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <UserRoundPlus className="h-6 w-6" aria-hidden />
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-semibold text-ink">{t('dashboard.setup.title')}</h2>
        <p className="text-sm text-muted">{t('dashboard.setup.text')}</p>
      </div>
      <Link to="/profile/setup" className={buttonClass('primary')}>
        {t('dashboard.setup.title')} <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      </Link>
    </Card>
  );
}

function PendingNotice() {
  const t = useT();
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">{t('dashboard.pending.title')}</span> {t('dashboard.pending.text')}
      </p>
    </div>
  );
}

function DraftNotice() {
  const t = useT();
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-4 text-sm">
      <p className="flex-1">
        <span className="font-semibold">{t('dashboard.draft.title')}</span> {t('dashboard.draft.text')}
      </p>
      <Link to="/profile-builder" className={buttonClass('outline', 'sm')}>
        {t('dashboard.draft.continue')}
      </Link>
    </div>
  );
}

export function DashboardPage() {
  const t = useT();
  const { user } = useCurrentUser();
  const stats = useDashboardStats();
  useRedirectWhenSignedOut(stats.error);
  const hasProfile = stats.data?.hasProfile === true;
  const today = useTodayAppointments(hasProfile);
  const earningStats = useEarningStats(hasProfile);
  const earnings = useRecentEarnings(hasProfile);
  const payouts = useRecentPayouts(hasProfile);
  const payoutSummary = usePayoutSummary(hasProfile);
  const status = stats.data?.profileStatus;

  return (
    <Container className="pb-12">
      <PageHeader title={t('dashboard.welcome', { name: user?.lastName ?? '' })} subtitle={t('dashboard.subtitle')} />
      <div className="flex flex-col gap-6">
        {stats.data && !hasProfile && <SetupProfile />}
        {status === 'pending_verification' && <PendingNotice />}
        {status === 'draft' && <DraftNotice />}
        <StatCards stats={stats.data} />
        {hasProfile && (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex flex-col gap-6 lg:col-span-2">
              <TodaySchedule appointments={today.data} isLoading={today.isLoading} timeZone={localTimeZone()} />
              <EarningsCard
                stats={earningStats.data}
                paidOut={payoutSummary.data?.paidOut}
                earnings={earnings.data}
                isLoading={earnings.isLoading}
              />
            </div>
            <div className="flex flex-col gap-6">
              <QuickActions />
              <TimeOffCard timeZone={stats.data?.timeZone ?? localTimeZone()} />
              <PayoutsCard payouts={payouts.data} summary={payoutSummary.data} isLoading={payouts.isLoading} />
              <PayoutAccountCard />
            </div>
          </div>
        )}
        {stats.data && !hasProfile && <QuickActions wide />}
      </div>
    </Container>
  );
}
