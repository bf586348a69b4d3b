import { CheckCircle, Clock, Gift, Percent, Share2, UserPlus, XCircle } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { ANALYTICS_RANGES } from '@common/constants/admin';
import type { Outreach } from '@common/schemas/analytics';
import { errorMessage } from '../../lib/api';
import { textsFor } from '../../lib/i18n/areas';
import { useWhen } from '../../lib/i18n/use-when';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Select } from '../../ui/input';
import { Container, PageHeader } from '../../ui/page';
import { ScrollStrip } from '../../ui/scroll-strip';
import { Skeleton } from '../../ui/spinner';
import { useOutreach } from './api';
import { CampaignsTab } from './campaigns-tab';
import { MetricsCharts } from './charts';

const useT = textsFor('outreach');

const RANGE_LABELS = {
  '7d': 'outreach.range.7d',
  '30d': 'outreach.range.30d',
  '90d': 'outreach.range.90d',
  '1y': 'outreach.range.1y',
} as const;
const STATUS_VARIANT = {
  pending: 'warning',
  approved: 'success',
  rejected: 'destructive',
  completed: 'default',
  held: 'warning',
  rewarded: 'success',
  reversed: 'destructive',
} as const;

function Overview({ data }: { data: Outreach | undefined }) {
  const t = useT();
  const f = useFormats();
  const o = data?.overview;
  const count = (n: number | undefined) => (n === undefined ? undefined : f.number(n));
  const cards = [
    { label: t('outreach.overview.totalApplications'), value: count(o?.totalApplications), icon: UserPlus },
    { label: t('outreach.overview.approvedDoctors'), value: count(o?.approvedDoctors), icon: CheckCircle },
    { label: t('outreach.overview.pending'), value: count(o?.pendingApplications), icon: Clock },
    { label: t('outreach.overview.rejected'), value: count(o?.rejectedApplications), icon: XCircle },
    { label: t('outreach.overview.totalReferrals'), value: count(o?.totalReferrals), icon: Share2 },
    { label: t('outreach.overview.rewardsPaid'), value: o && f.money(o.totalRewards), icon: Gift },
    {
      label: t('outreach.overview.conversionRate'),
      value: o && f.number(o.conversionRate / 100, { style: 'percent', maximumFractionDigits: 2 }),
      icon: Percent,
    },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7" aria-label={t('outreach.overview.label')}>
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full flex-col gap-1 p-4">
            <span className="flex items-center gap-2 text-xs text-muted">
              <Icon className="h-4 w-4 text-brand-700" aria-hidden /> {label}
            </span>
            {value === undefined ? (
              <Skeleton className="h-6 w-10" />
            ) : (
              <span className="text-xl font-bold text-ink">{value}</span>
            )}
          </Card>
        </li>
      ))}
    </ul>
  );
}

function SimpleList<T extends { id: string }>({
  rows,
  empty,
  render,
}: {
  rows: T[] | undefined;
  empty: string;
  render: (row: T) => React.ReactNode;
}) {
  if (!rows) return <Skeleton className="h-24 w-full" />;
  if (!rows.length) return <p className="py-6 text-center text-sm text-muted">{empty}</p>;
  return (
    <Card className="divide-y divide-line">
      {rows.map((r) => (
        <div key={r.id} className="flex flex-wrap items-center gap-2 px-4 py-3 text-sm">
          {render(r)}
        </div>
      ))}
    </Card>
  );
}

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

export function OutreachAnalyticsPage() {
  const t = useT();
  const f = useFormats();
  const dates = useWhen();
  const [range, setRange] = useState<(typeof ANALYTICS_RANGES)[number]>('30d');
  const outreach = useOutreach(range);
  const data = outreach.data;

  return (
    <Container className="flex flex-col gap-6 py-8">
      <PageHeader
        title={t('outreach.title')}
        subtitle={t('outreach.subtitle')}
        actions={
          <div className="w-44 shrink-0">
            <Select
              aria-label={t('outreach.range.label')}
              value={range}
              onChange={(e) => setRange(e.target.value as typeof range)}
            >
              {ANALYTICS_RANGES.map((r) => (
                <option key={r} value={r}>
                  {t(RANGE_LABELS[r])}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {outreach.isError && (
        <p role="alert" className="text-danger">
          {errorMessage(outreach.error, t('outreach.loadFailed'))}
        </p>
      )}
      <Overview data={data} />
      <Tabs.Root defaultValue="applications" className="flex flex-col gap-4">
        <ScrollStrip className="rounded-xl bg-slate-100" fade="from-slate-100">
          <Tabs.List aria-label={t('outreach.tabs.label')} className="flex w-max min-w-full gap-1 p-1">
            <Tabs.Trigger value="applications" className={tabClass}>
              {t('outreach.tabs.applications')}
            </Tabs.Trigger>
            <Tabs.Trigger value="referrals" className={tabClass}>
              {t('outreach.tabs.referrals')}
            </Tabs.Trigger>
            <Tabs.Trigger value="metrics" className={tabClass}>
              {t('outreach.tabs.metrics')}
            </Tabs.Trigger>
            <Tabs.Trigger value="campaigns" className={tabClass}>
              {t('outreach.tabs.campaigns')}
            </Tabs.Trigger>
          </Tabs.List>
        </ScrollStrip>
        <Tabs.Content value="applications">
          <SimpleList
            rows={data?.applications}
            empty={t('outreach.applications.empty')}
            render={(a) => (
              <>
                <span className="font-medium text-ink">
                  {a.firstName} {a.lastName}
                </span>
                <span className="text-muted">{f.specialty(a.specialty)}</span>
                <Badge variant={STATUS_VARIANT[a.status]}>{t(`outreach.status.${a.status}`)}</Badge>
                <span className="ms-auto text-xs text-muted">{dates.compactDate(a.createdAt)}</span>
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="referrals">
          <SimpleList
            rows={data?.referrals}
            empty={t('outreach.referrals.empty')}
            render={(r) => (
              <>
                <span className="font-medium break-all text-ink" dir="ltr">
                  {r.referredEmail}
                </span>
                <Badge variant="secondary">{t(`outreach.referralType.${r.referralType}`)}</Badge>
                <Badge variant={STATUS_VARIANT[r.status]}>{t(`outreach.status.${r.status}`)}</Badge>
                <span className="ms-auto text-xs text-muted">{dates.compactDate(r.createdAt)}</span>
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="metrics">
          {data ? <MetricsCharts metrics={data.metrics} /> : <Skeleton className="h-64 w-full" />}
        </Tabs.Content>
        <Tabs.Content value="campaigns">
          <CampaignsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
