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
import { INTL_LOCALE } from '@common/i18n/languages';
import { cn } from '../../lib/cn';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card } from '../../ui/card';

const useT = textsFor('outreach');

// A range's days are calendar days as the server counts them (UTC).
const dayFormats = new Map<string, Intl.DateTimeFormat>();
const shortDay = (iso: string, locale: string) => {
  let f = dayFormats.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    dayFormats.set(locale, f);
  }
  return f.format(new Date(`${iso}T00:00:00Z`));
};

/**
 * Charts are drawn left to right (recharts anchors its labels that way), so in Arabic the page
 * mirrors them itself: the time axis runs from the oldest day at the right to the newest at the
 * left, the bars start at the right, and the count axis stands on the right.
 */
function useChartDirection() {
  const { language } = useFormats();
  const rtl = language === 'ar';
  return {
    locale: INTL_LOCALE[language],
    xAxis: { reversed: rtl },
    yAxis: { orientation: rtl ? ('right' as const) : ('left' as const) },
    margin: rtl ? { top: 5, right: -15, bottom: 5, left: 10 } : { top: 5, right: 10, bottom: 5, left: -15 },
    tooltip: { direction: rtl ? ('rtl' as const) : ('ltr' as const), textAlign: 'start' as const },
    rtl,
  };
}

/**
 * A category label slanted down from its bar (towards the start side), on one line: recharts would
 * wrap a long name ("طب الأطفال") into a stack that runs into its neighbours.
 */
function SlantedTick({ x, y, payload, rtl }: { x?: number; y?: number; payload?: { value: string }; rtl: boolean }) {
  return (
    <text
      x={x}
      y={y}
      dy={12}
      fontSize={11}
      fill="#64748b"
      textAnchor={rtl ? 'start' : 'end'}
      transform={`rotate(${rtl ? 50 : -50}, ${x}, ${y})`}
    >
      {payload?.value}
    </text>
  );
}

function ChartCard({
  title,
  children,
  summary,
  empty,
  tall,
}: {
  title: string;
  summary: string;
  empty?: string;
  /** Room below the bars for slanted names. */
  tall?: boolean;
  children: React.ReactElement;
}) {
  return (
    <Card className="p-4">
      <h3 className="mb-2 text-sm font-semibold text-ink">{title}</h3>
      {empty ? (
        <p className={cn('flex items-center justify-center text-sm text-muted', tall ? 'h-80' : 'h-64')}>{empty}</p>
      ) : (
        <>
          <p className="sr-only">{summary}</p>
          {/* Drawn left to right; useChartDirection mirrors it for Arabic. Hidden from screen readers (and
            kept out of the tab order) since the summary above says what it shows. */}
          <div className={tall ? 'h-80' : 'h-64'} aria-hidden dir="ltr">
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
  const t = useT();
  const f = useFormats();
  const chart = useChartDirection();
  const count = (value: unknown) => f.number(Number(value));
  const overTime = metrics.applicationsOverTime.map((d, i) => ({
    date: d.date,
    applications: d.count,
    referrals: metrics.referralsOverTime[i]?.count ?? 0,
    signUps: metrics.signUpsOverTime[i]?.count ?? 0,
  }));
  const total = (key: 'applications' | 'referrals' | 'signUps') => overTime.reduce((n, d) => n + d[key], 0);
  const bySpecialty = metrics.applicationsBySpecialty.map((s) => ({ ...s, name: f.specialty(s.specialty) }));
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <ChartCard
        title={t('outreach.charts.activity')}
        summary={t('outreach.charts.activitySummary', {
          applications: total('applications'),
          referrals: total('referrals'),
          signUps: total('signUps'),
        })}
      >
        <LineChart data={overTime} margin={chart.margin} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis
            dataKey="date"
            tickFormatter={(d: string) => shortDay(d, chart.locale)}
            fontSize={11}
            minTickGap={20}
            {...chart.xAxis}
          />
          <YAxis allowDecimals={false} fontSize={11} tickFormatter={count} {...chart.yAxis} />
          <Tooltip
            labelFormatter={(d) => shortDay(String(d), chart.locale)}
            formatter={count}
            contentStyle={chart.tooltip}
          />
          <Legend wrapperStyle={{ fontSize: 12, direction: chart.tooltip.direction }} />
          <Line
            type="monotone"
            dataKey="applications"
            name={t('outreach.charts.applications')}
            stroke="#0f766e"
            dot={false}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="referrals"
            name={t('outreach.charts.referrals')}
            stroke="#7c3aed"
            dot={false}
            strokeWidth={2}
          />
          <Line
            type="monotone"
            dataKey="signUps"
            name={t('outreach.charts.signUps')}
            stroke="#d97706"
            dot={false}
            strokeWidth={2}
          />
        </LineChart>
      </ChartCard>
      <ChartCard
        title={t('outreach.charts.bySpecialty')}
        tall
        empty={bySpecialty.length ? undefined : t('outreach.applications.empty')}
        summary={
          bySpecialty
            .map((s) => t('outreach.charts.specialtyCount', { specialty: s.name, count: s.count }))
            .join(', ') || t('outreach.charts.noApplications')
        }
      >
        {/* Room on the start side for the first slanted name. */}
        <BarChart
          accessibilityLayer={false}
          data={bySpecialty}
          margin={{ ...chart.margin, [chart.rtl ? 'right' : 'left']: 25 }}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="name" interval={0} height={110} tick={<SlantedTick rtl={chart.rtl} />} {...chart.xAxis} />
          <YAxis allowDecimals={false} fontSize={11} tickFormatter={count} {...chart.yAxis} />
          <Tooltip formatter={count} contentStyle={chart.tooltip} />
          <Bar dataKey="count" name={t('outreach.charts.applications')} fill="#0f766e" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
      <ChartCard
        title={t('outreach.charts.byType')}
        summary={t('outreach.charts.byTypeSummary', {
          patients: metrics.patientReferrals,
          doctors: metrics.doctorReferrals,
        })}
      >
        <BarChart
          accessibilityLayer={false}
          data={[
            { type: t('outreach.referralType.patient'), count: metrics.patientReferrals },
            { type: t('outreach.referralType.doctor'), count: metrics.doctorReferrals },
          ]}
          margin={chart.margin}
        >
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="type" fontSize={11} {...chart.xAxis} />
          <YAxis allowDecimals={false} fontSize={11} tickFormatter={count} {...chart.yAxis} />
          <Tooltip formatter={count} contentStyle={chart.tooltip} />
          <Bar dataKey="count" name={t('outreach.charts.referrals')} fill="#7c3aed" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartCard>
    </div>
  );
}
