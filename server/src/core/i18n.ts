import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import type { ServerMessageKey } from '@common/i18n/keys';
import { INTL_LOCALE, type Language } from '@common/i18n/languages';
import arErrors from '@common/i18n/ar/server/errors.json';
import arMail from '@common/i18n/ar/server/mail.json';
import arNotify from '@common/i18n/ar/server/notify.json';
import arPdf from '@common/i18n/ar/server/pdf.json';
import arIcs from '@common/i18n/ar/server/ics.json';
import arCare from '@common/i18n/ar/server/care.json';
import arRx from '@common/i18n/ar/server/rx.json';
import arPush from '@common/i18n/ar/server/push.json';
import arFamily from '@common/i18n/ar/server/family.json';
import arWaitlist from '@common/i18n/ar/server/waitlist.json';
import arValidation from '@common/i18n/ar/validation.json';
import arFields from '@common/i18n/ar/screens/fields.json';
import arSpecialties from '@common/i18n/ar/specialties.json';
import arZones from '@common/i18n/ar/zones.json';
import arWhen from '@common/i18n/ar/screens/when.json';
import enErrors from '@common/i18n/en/server/errors.json';
import enMail from '@common/i18n/en/server/mail.json';
import enNotify from '@common/i18n/en/server/notify.json';
import enPdf from '@common/i18n/en/server/pdf.json';
import enIcs from '@common/i18n/en/server/ics.json';
import enCare from '@common/i18n/en/server/care.json';
import enRx from '@common/i18n/en/server/rx.json';
import enPush from '@common/i18n/en/server/push.json';
import enFamily from '@common/i18n/en/server/family.json';
import enWaitlist from '@common/i18n/en/server/waitlist.json';
import enValidation from '@common/i18n/en/validation.json';
import enFields from '@common/i18n/en/screens/fields.json';
import enSpecialties from '@common/i18n/en/specialties.json';
import enZones from '@common/i18n/en/zones.json';
import enWhen from '@common/i18n/en/screens/when.json';
import esErrors from '@common/i18n/es/server/errors.json';
import esMail from '@common/i18n/es/server/mail.json';
import esNotify from '@common/i18n/es/server/notify.json';
import esPdf from '@common/i18n/es/server/pdf.json';
import esIcs from '@common/i18n/es/server/ics.json';
import esCare from '@common/i18n/es/server/care.json';
import esRx from '@common/i18n/es/server/rx.json';
import esPush from '@common/i18n/es/server/push.json';
import esFamily from '@common/i18n/es/server/family.json';
import esWaitlist from '@common/i18n/es/server/waitlist.json';
import esValidation from '@common/i18n/es/validation.json';
import esFields from '@common/i18n/es/screens/fields.json';
import esSpecialties from '@common/i18n/es/specialties.json';
import esZones from '@common/i18n/es/zones.json';
import esWhen from '@common/i18n/es/screens/when.json';

/** What the server says itself (errors, e-mails) plus the shared validation texts, per language. */
const CATALOGUES: Record<Language, Record<string, string>> = {
  en: {
    ...enErrors,
    ...enMail,
    ...enNotify,
    ...enPdf,
    ...enIcs,
    ...enCare,
    ...enRx,
    ...enPush,
    ...enFamily,
    ...enWaitlist,
    ...enValidation,
    ...enFields,
    ...enZones,
    ...enSpecialties,
    ...enWhen,
  },
  es: {
    ...esErrors,
    ...esMail,
    ...esNotify,
    ...esPdf,
    ...esIcs,
    ...esCare,
    ...esRx,
    ...esPush,
    ...esFamily,
    ...esWaitlist,
    ...esValidation,
    ...esFields,
    ...esZones,
    ...esSpecialties,
    ...esWhen,
  },
  ar: {
    ...arErrors,
    ...arMail,
    ...arNotify,
    ...arPdf,
    ...arIcs,
    ...arCare,
    ...arRx,
    ...arPush,
    ...arFamily,
    ...arWaitlist,
    ...arValidation,
    ...arFields,
    ...arZones,
    ...arSpecialties,
    ...arWhen,
  },
};

export type MessageValues = Record<string, string | number | Date>;

const cache = createIntlCache();
const intls = new Map<Language, IntlShape>();

/** One formatter per language, made on first use; messages are parsed once and kept. */
export function intlFor(language: Language): IntlShape {
  let intl = intls.get(language);
  if (!intl) {
    intl = createIntl(
      {
        locale: INTL_LOCALE[language],
        defaultLocale: INTL_LOCALE.en,
        messages: CATALOGUES[language],
        // The lint check proves the catalogues complete; a gap falls back to the key, never a throw.
        onError: () => {},
      },
      cache,
    );
    intls.set(language, intl);
  }
  return intl;
}

/** A catalogue text in a language, with its ICU values. */
export const translate = (language: Language, key: ServerMessageKey, values?: MessageValues): string =>
  intlFor(language).formatMessage({ id: key }, values);

/** A language's whole server catalogue, for lookups by key family (specialty names in search). */
export const catalogue = (language: Language): Readonly<Record<string, string>> => CATALOGUES[language];

/** The place of a zone in a language where the catalogue names it ("Berlín"), for zone labels. */
export const cityName = (language: Language) => (zone: string) => CATALOGUES[language][`zones.city.${zone}`];
