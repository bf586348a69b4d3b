import { TriangleAlert } from 'lucide-react';
import { textsFor } from '../../lib/i18n/areas';
import { useOutbreakWords } from './format';

const useT = textsFor('outbreak');

/** Shown above everything else when the newest report is older than 30 days. */
export function OutOfDateBanner({ dataAsOf, snapshotAsOf }: { dataAsOf: string; snapshotAsOf: string | null }) {
  const t = useT();
  const words = useOutbreakWords();
  return (
    <section
      aria-labelledby="out-of-date-title"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex flex-col gap-1 text-sm">
        <h2 id="out-of-date-title" className="text-base font-semibold">
          {t('outbreak.outOfDate.title')}
        </h2>
        <p>{words.outOfDate(dataAsOf, new Date())}</p>
        {snapshotAsOf && <p>{t('outbreak.outOfDate.snapshot', { day: words.day(snapshotAsOf) })}</p>}
      </div>
    </section>
  );
}
