import { TriangleAlert } from 'lucide-react';
import { OUTBREAK_STALE_AFTER_DAYS } from '@common/constants/outbreak';
import { textsFor } from '../../lib/i18n/areas';
import { useOutbreakWords } from './format';

const useT = textsFor('outbreak');

/** The checkout says the data is old before anything is paid, and asks the buyer to accept it. */
export function OutOfDateConsent({
  dataAsOf,
  accepted,
  locked,
  onChange,
}: {
  dataAsOf: string;
  accepted: boolean;
  locked: boolean;
  onChange: (accepted: boolean) => void;
}) {
  const t = useT();
  const words = useOutbreakWords();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="flex items-start gap-2">
        <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" aria-hidden />
        <span>
          <strong className="font-semibold">{t('outbreak.consent.title')}</strong>{' '}
          {words.outOfDate(dataAsOf, new Date())} {t('outbreak.consent.pdfSays')}
        </span>
      </p>
      <label className="flex items-start gap-3">
        <input
          type="checkbox"
          className="mt-0.5 h-4 w-4 accent-brand-700"
          checked={accepted}
          disabled={locked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>{t('outbreak.consent.accept', { days: OUTBREAK_STALE_AFTER_DAYS })}</span>
      </label>
    </div>
  );
}
