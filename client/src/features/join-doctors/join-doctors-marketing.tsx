import { CalendarClock, Globe2, Percent, ShieldCheck, Users, Wallet } from 'lucide-react';
import { Card } from '../../ui/card';

const HEADLINE_STATS = [
  { value: '2,000+', label: 'Doctors on Medora' },
  { value: '50+', label: 'Countries served' },
  { value: '85%', label: 'Revenue share for you' },
];

const BENEFITS = [
  {
    icon: Percent,
    title: 'Keep 85% of every fee',
    text: 'You set your fees; Medora keeps 15% to run the platform and payments.',
  },
  {
    icon: CalendarClock,
    title: 'Your hours, your way',
    text: 'Choose when you are available and the consultation types you offer.',
  },
  {
    icon: Globe2,
    title: 'Patients worldwide',
    text: 'Reach patients across 50+ countries by video, voice or in person.',
  },
  {
    icon: ShieldCheck,
    title: 'Verified and trusted',
    text: 'Our medical team verifies every profile before it goes live.',
  },
];

// Illustrative figures, labelled as examples on the page.
const EXAMPLE_METRICS = [
  { icon: Users, value: '120', label: 'consultations a month' },
  { icon: Wallet, value: '$15,300', label: 'monthly earnings at a $150 fee' },
  { icon: CalendarClock, value: '20 h', label: 'a week on the platform' },
];

export function JoinDoctorsMarketing() {
  return (
    <section aria-labelledby="join-doctors-title" className="flex flex-col gap-8">
      <div className="text-center">
        <h1 id="join-doctors-title" className="text-3xl font-bold tracking-tight text-ink sm:text-4xl">
          Join Medora as a Doctor
        </h1>
        <p className="mx-auto mt-3 max-w-2xl text-lg text-muted">
          Offer online consultations to patients around the world, on your own schedule, and keep 85% of what you earn.
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-3">
        {HEADLINE_STATS.map((s) => (
          <div key={s.label} className="rounded-xl bg-brand-700 px-3 py-4 text-center text-white">
            <dt className="text-xs text-brand-100 sm:text-sm">{s.label}</dt>
            <dd className="order-first text-2xl font-bold sm:text-3xl">{s.value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-4 sm:grid-cols-2">
        {BENEFITS.map(({ icon: Icon, title, text }) => (
          <Card key={title} className="flex gap-3 p-4">
            <Icon className="mt-0.5 h-6 w-6 shrink-0 text-brand-700" aria-hidden />
            <div>
              <h2 className="font-semibold text-ink">{title}</h2>
              <p className="text-sm text-muted">{text}</p>
            </div>
          </Card>
        ))}
      </div>
      <Card className="p-5">
        <h2 className="font-semibold text-ink">What a week on Medora can look like</h2>
        <p className="text-sm text-muted">Example metrics for a doctor working 20 hours a week.</p>
        <ul className="mt-4 grid gap-3 sm:grid-cols-3">
          {EXAMPLE_METRICS.map(({ icon: Icon, value, label }) => (
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
