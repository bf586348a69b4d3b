import { Activity, CalendarCheck, Clock, CreditCard, DollarSign, Stethoscope } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { ScrollStrip } from '../../ui/scroll-strip';
import { Skeleton } from '../../ui/spinner';
import { useAdminStats } from './api';
import { ApplicationsTab } from './applications-tab';
import { AuditTab } from './audit-tab';
import { DisputesTab } from './disputes-tab';
import { DoctorsTab } from './doctors-tab';
import { FailedRefundsTab } from './failed-refunds-tab';
import { MailTab } from './mail-tab';
import { PaymentsTab } from './payments-tab';
import { PayoutsTab } from './payouts-tab';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';

const useT = textsFor('admin');

function StatCards() {
  const { data } = useAdminStats();
  const t = useT();
  const f = useFormats();
  const cards = [
    { label: t('admin.stats.totalRevenue'), value: data && f.money(data.totalRevenue), icon: DollarSign },
    { label: t('admin.stats.paidConsultations'), value: data && f.number(data.paidConsultations), icon: CreditCard },
    { label: t('admin.stats.pendingPayments'), value: data && f.number(data.pendingPayments), icon: Clock },
    { label: t('admin.stats.avgFee'), value: data && f.money(data.avgConsultationFee), icon: Activity },
    { label: t('admin.stats.totalDoctors'), value: data && f.number(data.totalDoctors), icon: Stethoscope },
    { label: t('admin.stats.totalAppointments'), value: data && f.number(data.totalAppointments), icon: CalendarCheck },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label={t('admin.stats.label')}>
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4">
            {/* Decoration: on a phone the figure needs its width ("158,16 US$"). */}
            <span className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 min-[420px]:flex">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-6 w-12" />
              ) : (
                <p className="text-lg font-bold break-words text-ink">{value}</p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const TABS = [
  { value: 'users', label: 'admin.tabs.users', content: UsersTab },
  { value: 'doctors', label: 'admin.tabs.doctors', content: DoctorsTab },
  { value: 'payments', label: 'admin.tabs.payments', content: PaymentsTab },
  { value: 'applications', label: 'admin.tabs.applications', content: ApplicationsTab },
  { value: 'refunds', label: 'admin.tabs.refunds', content: FailedRefundsTab },
  { value: 'disputes', label: 'admin.tabs.disputes', content: DisputesTab },
  { value: 'payouts', label: 'admin.tabs.payouts', content: PayoutsTab },
  { value: 'settings', label: 'admin.tabs.settings', content: SettingsTab },
  { value: 'audit', label: 'admin.tabs.audit', content: AuditTab },
  { value: 'mail', label: 'admin.tabs.mail', content: MailTab },
] as const;

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The route guard has already shown Access Denied to anyone who is not an administrator. */
export function AdminPage() {
  const t = useT();
  return (
    <Container className="flex flex-col gap-6 py-8">
      <PageHeader title={t('admin.title')} subtitle={t('admin.subtitle')} />
      <StatCards />
      <Tabs.Root defaultValue="users" className="flex flex-col gap-4">
        <ScrollStrip className="rounded-xl bg-slate-100" fade="from-slate-100">
          <Tabs.List aria-label={t('admin.tabs.label')} className="flex w-max min-w-full gap-1 p-1">
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab.value} value={tab.value} className={tabClass}>
                {t(tab.label)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </ScrollStrip>
        {TABS.map(({ value, content: Content }) => (
          <Tabs.Content key={value} value={value}>
            <Content />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </Container>
  );
}
