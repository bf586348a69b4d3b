import { CheckCircle, Clock, Gift, Percent, Share2, UserPlus, XCircle } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useState } from 'react';
import { ANALYTICS_RANGES } from '@common/constants/admin';
import { formatMoney } from '@common/rules/fees';
import type { Outreach } from '@common/schemas/analytics';
import { errorMessage } from '../../lib/api';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Select } from '../../ui/input';
import { Container, PageHeader } from '../../ui/page';
import { ScrollStrip } from '../../ui/scroll-strip';
import { Skeleton } from '../../ui/spinner';
import { useOutreach } from './api';
import { CampaignsTab } from './campaigns-tab';
import { MetricsCharts } from './charts';
import { compactDate } from '@common/rules/display-time';

const RANGE_LABELS = { '7d': 'Last 7 days', '30d': 'Last 30 days', '90d': 'Last 90 days', '1y': 'Last year' } as const;
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
  const o = data?.overview;
  const cards = [
    { label: 'Total Applications', value: o?.totalApplications, icon: UserPlus },
    { label: 'Approved Doctors', value: o?.approvedDoctors, icon: CheckCircle },
    { label: 'Pending', value: o?.pendingApplications, icon: Clock },
    { label: 'Rejected', value: o?.rejectedApplications, icon: XCircle },
    { label: 'Total Referrals', value: o?.totalReferrals, icon: Share2 },
    { label: 'Rewards Paid', value: o && formatMoney(o.totalRewards), icon: Gift },
    { label: 'Conversion Rate', value: o && `${o.conversionRate}%`, icon: Percent },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4 xl:grid-cols-7" aria-label="Overview">
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
  const [range, setRange] = useState<(typeof ANALYTICS_RANGES)[number]>('30d');
  const outreach = useOutreach(range);
  const data = outreach.data;

  return (
    <Container className="flex flex-col gap-6 py-8">
      <PageHeader
        title="Outreach Analytics"
        subtitle="Doctor applications, referrals and sign-ups"
        actions={
          <div className="w-44 shrink-0">
            <Select aria-label="Time range" value={range} onChange={(e) => setRange(e.target.value as typeof range)}>
              {ANALYTICS_RANGES.map((r) => (
                <option key={r} value={r}>
                  {RANGE_LABELS[r]}
                </option>
              ))}
            </Select>
          </div>
        }
      />
      {outreach.isError && (
        <p role="alert" className="text-danger">
          {errorMessage(outreach.error, 'Failed to load analytics.')}
        </p>
      )}
      <Overview data={data} />
      <Tabs.Root defaultValue="applications" className="flex flex-col gap-4">
        <ScrollStrip className="rounded-xl bg-slate-100" fade="from-slate-100">
          <Tabs.List aria-label="Analytics sections" className="flex w-max min-w-full gap-1 p-1">
            <Tabs.Trigger value="applications" className={tabClass}>
              Applications
            </Tabs.Trigger>
            <Tabs.Trigger value="referrals" className={tabClass}>
              Referrals
            </Tabs.Trigger>
            <Tabs.Trigger value="metrics" className={tabClass}>
              Metrics
            </Tabs.Trigger>
            <Tabs.Trigger value="campaigns" className={tabClass}>
              Campaigns
            </Tabs.Trigger>
          </Tabs.List>
        </ScrollStrip>
        <Tabs.Content value="applications">
          <SimpleList
            rows={data?.applications}
            empty="No applications in this period."
            render={(a) => (
              <>
                <span className="font-medium text-ink">
                  {a.firstName} {a.lastName}
                </span>
                <span className="text-muted">{a.specialty}</span>
                <Badge variant={STATUS_VARIANT[a.status]} className="capitalize">
                  {a.status}
                </Badge>
                <span className="ml-auto text-xs text-muted">{compactDate(a.createdAt)}</span>
              </>
            )}
          />
        </Tabs.Content>
        <Tabs.Content value="referrals">
          <SimpleList
            rows={data?.referrals}
            empty="No referrals in this period."
            render={(r) => (
              <>
                <span className="font-medium break-all text-ink">{r.referredEmail}</span>
                <Badge variant="secondary" className="capitalize">
                  {r.referralType}
                </Badge>
                <Badge variant={STATUS_VARIANT[r.status]} className="capitalize">
                  {r.status}
                </Badge>
                <span className="ml-auto text-xs text-muted">{compactDate(r.createdAt)}</span>
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
