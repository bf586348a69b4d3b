import { visitTimeIn, type VisitTime } from '@common/i18n/visit-time';
import { textsFor } from './i18n/areas';
import { useFormats } from './i18n/use-formats';

const useT = textsFor('visits');

/** Appointment dates and times in the viewer's language (common/i18n/visit-time.ts says how). */
export function useVisitTime(): VisitTime {
  const t = useT();
  const { language, zoneLabel } = useFormats();
  return visitTimeIn(language, {
    when: (date, time) => t('visits.when', { date, time }),
    today: (date) => t('visits.near.today', { date }),
    tomorrow: (date) => t('visits.near.tomorrow', { date }),
    zoneLabel,
  });
}
