import { Activity, CalendarCheck, Clock, CreditCard, DollarSign, Stethoscope } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { formatMoney } from '@common/rules/fees';
import { Card } from '../../ui/card';
import { Container, PageHeader } from '../../ui/page';
import { ScrollStrip } from '../../ui/scroll-strip';
import { Skeleton } from '../../ui/spinner';
import { useAdminStats } from './api';
import { ApplicationsTab } from './applications-tab';
import { AuditTab } from './audit-tab';
import { DoctorsTab } from './doctors-tab';
import { MailTab } from './mail-tab';
import { PaymentsTab } from './payments-tab';
import { PayoutsTab } from './payouts-tab';
import { SettingsTab } from './settings-tab';
import { UsersTab } from './users-tab';

function StatCards() {
  const { data } = useAdminStats();
  const cards = [
    { label: 'Total Revenue', value: data && formatMoney(data.totalRevenue), icon: DollarSign },
    { label: 'Paid Consultations', value: data?.paidConsultations.toLocaleString('en-US'), icon: CreditCard },
    { label: 'Pending Payments', value: data?.pendingPayments.toLocaleString('en-US'), icon: Clock },
    { label: 'Avg. Consultation Fee', value: data && formatMoney(data.avgConsultationFee), icon: Activity },
    { label: 'Total Doctors', value: data?.totalDoctors.toLocaleString('en-US'), icon: Stethoscope },
    { label: 'Total Appointments', value: data?.totalAppointments.toLocaleString('en-US'), icon: CalendarCheck },
  ];
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6" aria-label="Platform statistics">
      {cards.map(({ label, value, icon: Icon }) => (
        <li key={label}>
          <Card className="flex h-full items-center gap-3 p-4">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
              <Icon className="h-5 w-5" aria-hidden />
            </span>
            <div className="min-w-0">
              <p className="text-xs text-muted">{label}</p>
              {value === undefined ? (
                <Skeleton className="mt-1 h-6 w-12" />
              ) : (
                <p className="truncate text-lg font-bold text-ink">{value}</p>
              )}
            </div>
          </Card>
        </li>
      ))}
    </ul>
  );
}

const TABS = [
  { value: 'users', label: 'Users', content: UsersTab },
  { value: 'doctors', label: 'Doctors', content: DoctorsTab },
  { value: 'payments', label: 'Payments', content: PaymentsTab },
  { value: 'applications', label: 'Applications', content: ApplicationsTab },
  { value: 'payouts', label: 'Payouts', content: PayoutsTab },
  { value: 'settings', label: 'Settings', content: SettingsTab },
  { value: 'audit', label: 'Audit', content: AuditTab },
  { value: 'mail', label: 'E-mail', content: MailTab },
];

const tabClass =
  'rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap text-muted data-[state=active]:bg-white data-[state=active]:text-ink data-[state=active]:shadow-sm';

/** The route guard has already shown Access Denied to anyone who is not an administrator. */
export function AdminPage() {
  return (
    <Container className="flex flex-col gap-6 py-8">
      <PageHeader title="Admin Dashboard" subtitle="Manage users, doctors, payments and platform settings" />
      <StatCards />
      <Tabs.Root defaultValue="users" className="flex flex-col gap-4">
        <ScrollStrip className="rounded-xl bg-slate-100" fade="from-slate-100">
          <Tabs.List aria-label="Admin sections" className="flex w-max min-w-full gap-1 p-1">
            {TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value} className={tabClass}>
                {t.label}
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
