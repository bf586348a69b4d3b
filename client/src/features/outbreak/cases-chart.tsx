import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { OutbreakCase } from '@common/schemas/outbreak';

const number = new Intl.NumberFormat('en-US', { notation: 'compact' });

/** Confirmed cases of the listed outbreaks by country, on a log scale so small outbreaks stay visible. */
export function CasesChart({ cases }: { cases: OutbreakCase[] }) {
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
        Confirmed cases by country
      </h2>
      <p className="text-sm text-muted">
        The country outbreaks listed above, each dated and sourced on its card; logarithmic scale.
      </p>
      <div className="mt-3 h-72" role="img" aria-label={data.map((d) => `${d.country}: ${d.confirmed}`).join(', ')}>
        <ResponsiveContainer width="100%" height="100%">
          <BarChart data={data} layout="vertical" margin={{ left: 8, right: 24 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis
              type="number"
              scale="log"
              domain={[1, ticks.at(-1)!]}
              ticks={ticks}
              tickFormatter={(v: number) => number.format(v)}
            />
            <YAxis type="category" dataKey="country" width={120} tick={{ fontSize: 12 }} />
            <Tooltip formatter={(v) => new Intl.NumberFormat('en-US').format(Number(v))} />
            <Bar dataKey="confirmed" name="Confirmed cases" fill="#0e7490" radius={[0, 4, 4, 0]} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </section>
  );
}
