import { ArrowRight, Clock, UserRoundPlus } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { localTimeZone } from '@common/rules/display-time';
import { ApiError, goToLogin } from '../../lib/api';
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

/** A signed-out visitor gets the Unauthorized toast and goes to sign-in after 500 ms. */
function useRedirectWhenSignedOut(error: unknown) {
  useEffect(() => {
    if (!(error instanceof ApiError) || error.status !== 401) return;
    toast({ title: 'Unauthorized', description: 'You are logged out. Logging in again...', variant: 'destructive' });
    const timer = setTimeout(() => goToLogin(), 500);
    return () => clearTimeout(timer);
  }, [error]);
}

function SetupProfile() {
  return (
    <Card className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center">
      <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <UserRoundPlus className="h-6 w-6" aria-hidden />
      </span>
      <div className="flex-1">
        <h2 className="text-lg font-semibold text-ink">Setup Your Doctor Profile</h2>
        <p className="text-sm text-muted">Build your profile so our team can verify it and patients can book you.</p>
      </div>
      <Link to="/profile/setup" className={buttonClass('primary')}>
        Setup Your Doctor Profile <ArrowRight className="h-4 w-4 rtl:-scale-x-100" aria-hidden />
      </Link>
    </Card>
  );
}

function PendingNotice() {
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900"
    >
      <Clock className="mt-0.5 h-5 w-5 shrink-0" aria-hidden />
      <p>
        <span className="font-semibold">Profile pending verification.</span> Our medical team reviews profiles within
        1-2 business days; you can accept consultations once verified.
      </p>
    </div>
  );
}

function DraftNotice() {
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-white p-4 text-sm">
      <p className="flex-1">
        <span className="font-semibold">Your profile is a draft.</span> Publish it so our team can verify it.
      </p>
      <Link to="/profile-builder" className={buttonClass('outline', 'sm')}>
        Continue Profile
      </Link>
    </div>
  );
}

export function DashboardPage() {
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
      <PageHeader
        title={`Welcome, Dr. ${user?.lastName ?? ''}`}
        subtitle="Your schedule, earnings and payouts at a glance."
      />
      <div className="flex flex-col gap-6">
        {stats.data && !hasProfile && <SetupProfile />}
        {status === 'pending_verification' && <PendingNotice />}
        {status === 'draft' && <DraftNotice />}
        <StatCards stats={stats.data} />
        {hasProfile && (
          <div className="grid gap-6 lg:grid-cols-3">
            <div className="flex flex-col gap-6 lg:col-span-2">
              <TodaySchedule appointments={today.data} isLoading={today.isLoading} timeZone={localTimeZone()} />
              <EarningsCard stats={earningStats.data} earnings={earnings.data} isLoading={earnings.isLoading} />
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
