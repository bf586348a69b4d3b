import { whenIn, type When } from '@common/i18n/when';
import { textsFor } from './areas';
import { useFormats } from './use-formats';

const useT = textsFor('when');

/**
 * Dates and times in the viewer's language and zone: common/i18n/when.ts with the viewer's words
 * (the `when` area) and zone names. The one way a screen says a visit's time or a record's moment.
 */
export function useWhen(): When {
  const t = useT();
  const { language, zoneLabel } = useFormats();
  return whenIn({ language, say: t, zoneLabel });
}
