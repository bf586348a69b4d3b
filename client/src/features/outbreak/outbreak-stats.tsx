import { Activity, HeartPulse, ShieldCheck, Skull } from 'lucide-react';
import type { OutbreakStatistics } from '@common/schemas/outbreak';
import { formatCount } from './format';

export function OutbreakStats({ stats }: { stats: OutbreakStatistics }) {
  const tiles = [
    { label: 'Total Cases', value: stats.totalCases, icon: Activity, tone: 'text-brand-700' },
    { label: 'Active Cases', value: stats.activeCases, icon: HeartPulse, tone: 'text-orange-600' },
    { label: 'Total Recovered', value: stats.totalRecovered, icon: ShieldCheck, tone: 'text-green-700' },
    { label: 'Total Deaths', value: stats.totalDeaths, icon: Skull, tone: 'text-red-700' },
  ];
  return (
    <section aria-label="Outbreak statistics" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ label, value, icon: Icon, tone }) => (
        <div key={label} className="flex items-center gap-3 rounded-xl border border-line bg-white p-4 shadow-sm">
          <Icon className={`h-8 w-8 shrink-0 ${tone}`} aria-hidden />
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted sm:text-sm">{label}</p>
            <p className="truncate text-xl font-bold text-ink tabular-nums sm:text-2xl">{formatCount(value)}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
