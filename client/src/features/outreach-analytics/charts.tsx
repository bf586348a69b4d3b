import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import type { Outreach } from '@common/schemas/analytics';
import { Card } from '../../ui/card';

const shortDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function ChartCard({
  title,
  children,
  summary,
  empty,
}: {
  title: string;
  summary: string;
  empty?: string;
  children: React.ReactElement;
}) {
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-sm font-semibold text-ink">{title}</h3>
      {empty ? (
        <p className="flex h-64 items-center justify-center text-sm text-muted">{empty}</p>
      ) : (
        <>
          <p className="sr-only">{summary}</p>
          <div className="h-64" aria-hidden>
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          </div>
        </>
      )}
    </Card>
  );
}

export function MetricsCharts({ metrics }: { metrics: Outreach['metrics'] }) {
  const overTime = metrics.applicationsOverTime.map((d, i) => ({
    date: d.date,
    applications: d.count,
    referrals: metrics.referralsOverTime[i]?.count ?? 0,
    signUps: metrics.signUpsOverTime[i]?.count ?? 0,
  }));
  const total = (key: 'applications' | 'referrals' | 'signUps') => overTime.reduce((n, d) => n + d[key], 0);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title="Activity over time"
        summary={`${total('applications')} applications, ${total('referrals')} referrals and ${total('signUps')} sign-ups in the range.`}
      >
        <LineChart data={overTime} margin={{ top: 5, right: 10, bottom: 5, left: -15 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="date" tickFormatter={shortDay} fontSize={11} minTickGap={20} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip labelFormatter={(d) => shortDay(String(d))} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line
            type="monotone"
            dataKey="applications"
            name="Applications"
            stroke="#0f766e"
            dot={false}
            strokeWidth={2}
          />
          <Line type="monotone" dataKey="referrals" name="Referrals" stroke="#7c3aed" dot={false} strokeWidth={2} />
          <Line type="monotone" dataKey="signUps" name="Sign-ups" stroke="#d97706" dot={false} strokeWidth={2} />
        </LineChart>
      </ChartCard>
      <ChartCard
        title="Applications by specialty"
        empty={metrics.applicationsBySpecialty.length ? undefined : 'No applications in this period.'}
        summary={
          metrics.applicationsBySpecialty.map((s) => `${s.specialty}: ${s.count}`).join(', ') || 'No applications.'
        }
      >
        <BarChart data={metrics.applicationsBySpecialty} margin={{ top: 5, right: 10, bottom: 5, left: -15 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="specialty" fontSize={11} interval={0} angle={-20} textAnchor="end" height={50} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Bar dataKey="count" name="Applications" fill="#0f766e" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title="Referrals by type"
        summary={`${metrics.patientReferrals} patient referrals and ${metrics.doctorReferrals} doctor referrals.`}
      >
        <BarChart
          data={[
            { type: 'Patient', count: metrics.patientReferrals },
            { type: 'Doctor', count: metrics.doctorReferrals },
          ]}
          margin={{ top: 5, right: 10, bottom: 5, left: -15 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="type" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Bar dataKey="count" name="Referrals" fill="#7c3aed" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
