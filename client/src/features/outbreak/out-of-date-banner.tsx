import { TriangleAlert } from 'lucide-react';
import { outOfDateNotice } from '@common/rules/outbreak-figures';
import { formatDay } from './format';

/** Shown above everything else when the newest report is older than 30 days. */
export function OutOfDateBanner({ dataAsOf, snapshotAsOf }: { dataAsOf: string; snapshotAsOf: string | null }) {
  return (
    <section
      aria-labelledby="out-of-date-title"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <TriangleAlert className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex flex-col gap-1 text-sm">
        <h2 id="out-of-date-title" className="text-base font-semibold">
          Out-of-date data
        </h2>
        <p>{outOfDateNotice(dataAsOf, new Date(), { day: formatDay })}</p>
        {snapshotAsOf && (
          <p>It comes from the snapshot bundled with Medora (dated {formatDay(snapshotAsOf)}), not from a live feed.</p>
        )}
      </div>
    </section>
  );
}
