import { CalendarClock, Globe2, Percent, ShieldCheck, Users, Wallet } from 'lucide-react';
import { DOCTOR_SHARE } from '@common/constants/platform';
import { useDirectoryClaims } from '../../lib/doctor-filters';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Card } from '../../ui/card';
import { Skeleton } from '../../ui/spinner';

const useT = textsFor('join');

const BENEFITS = [
  { icon: Percent, title: 'join.benefits.share.title', text: 'join.benefits.share.text' },
  { icon: CalendarClock, title: 'join.benefits.hours.title', text: 'join.benefits.hours.text' },
  { icon: Globe2, title: 'join.benefits.worldwide.title', text: 'join.benefits.worldwide.text' },
  { icon: ShieldCheck, title: 'join.benefits.verified.title', text: 'join.benefits.verified.text' },
] as const;

export function JoinDoctorsMarketing() {
  const t = useT();
  const { money, number } = useFormats();
  const claims = useDirectoryClaims();
  // Counted from the directory; a placeholder of the figure's size while it loads.
  const headlineStats = [
    { value: claims && t('join.stats.plus', { count: claims.doctors }), label: t('join.stats.doctors') },
    { value: claims && t('join.stats.plus', { count: claims.countries }), label: t('join.stats.countries') },
    { value: number(DOCTOR_SHARE, { style: 'percent' }), label: t('join.stats.share') },
  ];
  // Illustrative figures, labelled as examples on the page.
  const exampleMetrics = [
    { icon: Users, value: number(120), label: t('join.week.consultations') },
    { icon: Wallet, value: money(1_530_000), label: t('join.week.earnings', { fee: money(15_000) }) },
    { icon: CalendarClock, value: t('join.week.hoursValue', { count: 20 }), label: t('join.week.hours') },
  ];
  return (
    <section aria-labelledby="join-doctors-title" className="flex flex-col gap-8">
      <div className="text-center">
        <h1 id="join-doctors-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          {t('join.heading')}
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">{t('join.intro')}</p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {headlineStats.map((s) => (
          <div key={s.label} className="rounded-xl bg-brand-700 px-3 py-4 text-center text-white">
            <dt className="text-xs text-brand-100 sm:text-sm">{s.label}</dt>
            <dd className="order-first text-2xl font-bold sm:text-3xl" aria-busy={s.value === undefined}>
              {s.value ?? <Skeleton className="mx-auto h-8 w-16 bg-white/30 sm:h-9" />}
            </dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="flex gap-3 p-4">
            <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h2 className="font-semibold text-ink">{t(title)}</h2>
              <p className="text-sm text-muted">{t(text)}</p>
            </div>
          </Card>
        ))}
      </div>
      <Card className="p-5">
        <h2 className="font-semibold text-ink">{t('join.week.title')}</h2>
        <p className="text-sm text-muted">{t('join.week.text')}</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {exampleMetrics.map(({ icon: Icon, value, label }) => (
            <li key={label} className="flex items-center gap-3 rounded-lg bg-surface p-3">
              <Icon className="h-5 w-5 text-brand-700" aria-hidden />
              <span>
                <span className="block text-lg font-semibold text-ink">{value}</span>
                <span className="text-xs text-muted">{label}</span>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
