import type { ServerMessageKey } from '@common/i18n/keys';
import type { Language } from '@common/i18n/languages';
import { formatMoney } from '@common/i18n/format';
import { isLanguage } from '@common/i18n/languages';
import { catalogue, translate, type MessageValues } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import type { NotificationValues } from '../../db/schema';

/** What a notification says as catalogue keys: stored beside the English text, said in the reader's language when listed. */
export type NotificationText = {
  titleKey: ServerMessageKey;
  messageKey: ServerMessageKey;
  values?: NotificationValues;
};

/** An instant kept as data so each reader sees it in their own language (the zones are the reader's, chosen when written). */
export const whenValue = (instant: Date, zone: string, otherZone?: string) => ({
  at: instant.toISOString(),
  zone,
  ...(otherZone && { otherZone }),
});

/** The ICU select value of a consultation type. */
export const typeValue = (type: 'video' | 'voice' | 'in-person') => (type === 'in-person' ? 'inPerson' : type);

function valuesIn(language: Language, values: NotificationValues | null): MessageValues {
  const out: MessageValues = {};
  for (const [name, value] of Object.entries(values ?? {})) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = value;
    else if ('cents' in value) out[name] = formatMoney(value.cents, language);
    else out[name] = localizedWhen(language, new Date(value.at), value.zone, value.otherZone);
  }
  return out;
}

/**
 * Title and message in the reader's language. English, rows written before the keys, and a key a
 * later release no longer has keep the stored text: nothing stored is ever lost to a rename.
 */
export function notificationIn(
  language: Language,
  row: {
    title: string;
    message: string;
    titleKey: string | null;
    messageKey: string | null;
    values: NotificationValues | null;
  },
): { title: string; message: string } {
  if (language === 'en' || !isLanguage(language) || !row.titleKey || !row.messageKey) return row;
  const known = catalogue(language);
  if (!(row.titleKey in known) || !(row.messageKey in known)) return row;
  try {
    const values = valuesIn(language, row.values);
    return {
      title: translate(language, row.titleKey as ServerMessageKey, values),
      message: translate(language, row.messageKey as ServerMessageKey, values),
    };
  } catch {
    return row;
  }
}
