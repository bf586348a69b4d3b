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
 * Title and message in the reader's language, English included. A row written before the keys
 * keeps its stored English; a key a later release no longer has falls back to that English, if the
 * row has it (a rename keeps its old key in the catalogue for that reason).
 */
export function notificationIn(
  language: Language,
  row: {
    title: string | null;
    message: string | null;
    titleKey: string | null;
    messageKey: string | null;
    values: NotificationValues | null;
  },
): { title: string; message: string } {
  const stored = { title: row.title ?? '', message: row.message ?? '' };
  const reader = isLanguage(language) ? language : 'en';
  if (!row.titleKey || !row.messageKey) return stored;
  const known = catalogue(reader);
  if (!(row.titleKey in known) || !(row.messageKey in known)) return stored;
  try {
    const values = valuesIn(reader, row.values);
    return {
      title: translate(reader, row.titleKey as ServerMessageKey, values),
      message: translate(reader, row.messageKey as ServerMessageKey, values),
    };
  } catch {
    return stored;
  }
}
