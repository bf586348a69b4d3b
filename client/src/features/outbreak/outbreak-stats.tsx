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
        <div
          key={label}
          className="flex flex-col gap-2 rounded-xl border border-line bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:gap-3 sm:p-4"
        >
          <Icon className={`h-6 w-6 shrink-0 sm:h-8 sm:w-8 ${tone}`} aria-hidden />
          <div className="min-w-0">
            <p className="text-xs font-medium text-muted sm:text-sm">{label}</p>
            <p className="text-lg font-bold break-words text-ink tabular-nums sm:text-2xl">{formatCount(value)}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
