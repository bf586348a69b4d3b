import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OutbreakCase } from '@common/schemas/outbreak';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';

const useT = textsFor('outbreak');

/** Confirmed cases of the listed outbreaks by country, on a log scale so small outbreaks stay visible. */
export function CasesChart({ cases }: { cases: OutbreakCase[] }) {
  const t = useT();
  const f = useFormats();
  // Recharts draws left to right; in Arabic the bars grow from the right, with the countries there.
  const rtl = f.language === 'ar';
  const byCountry = new Map<string, number>();
  // Running totals (worldwide, cumulative) count the same people again: only country outbreaks.
  for (const c of cases) {
    if (c.scope !== 'outbreak') continue;
    byCountry.set(c.country, (byCountry.get(c.country) ?? 0) + (c.confirmedCases ?? 0));
  }
  const data = [...byCountry.entries()]
    .filter(([, confirmed]) => confirmed > 0)
    .map(([country, confirmed]) => ({ country, confirmed }))
    .sort((a, b) => b.confirmed - a.confirmed);
  if (data.length === 0) return null;
  // Whole powers of ten as the axis, so every bar ends inside it.
  const decades = Math.ceil(Math.log10(data[0].confirmed + 1));
  const ticks = Array.from({ length: decades + 1 }, (_, i) => 10 ** i);
  return (
    <section aria-labelledby="cases-chart-title" className="rounded-xl border border-line bg-white p-4 shadow-sm">
      <h2 id="cases-chart-title" className="text-lg font-semibold text-ink">
        {t('outbreak.chart.title')}
      </h2>
      <p className="text-sm text-muted">{t('outbreak.chart.description')}</p>
      <div
        className="mt-3 h-72"
        role="img"
        aria-label={data
          .map((d) => t('outbreak.chart.bar', { country: d.country, count: f.number(d.confirmed) }))
          .join(', ')}
        dir="ltr"
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={rtl ? { left: 24, right: 8 } : { left: 8, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              scale="log"
              domain={[1, ticks.at(-1)!]}
              ticks={ticks}
              reversed={rtl}
              tickFormatter={(v: number) => f.number(v, { notation: 'compact' })}
            />
            <YAxis
              type="category"
              dataKey="country"
              width={120}
              tick={{ fontSize: 12 }}
              orientation={rtl ? 'right' : 'left'}
            />
            <Tooltip
              formatter={(v) => f.number(Number(v))}
              contentStyle={{ direction: rtl ? 'rtl' : 'ltr', textAlign: 'start' }}
            />
            <Bar
              dataKey="confirmed"
              name={t('outbreak.chart.series')}
              fill="#0e7490"
              radius={rtl ? [4, 0, 0, 4] : [0, 4, 4, 0]}
            />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
