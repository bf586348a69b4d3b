import type { ConsultationType } from '@common/constants/consultation-types';
import { formatDate, formatOffset, zoneLabelIn } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { sameClock } from '@common/rules/display-time';
import { cityName, translate } from '../../core/i18n';
import { isValidTimeZone } from '@common/rules/zoned-time';

/**
 * "jueves, 26 de noviembre de 2026 a las 15:00 hora de Berlín (UTC+1) · 9:00 hora de Nueva York
 * (UTC−5)": the recipient's clock in their language, the other party's beside it where it differs,
 * as the English whenText says it.
 */
export function localizedWhen(language: Language, instant: Date, zone: string, otherZone?: string): string {
  const label = (z: string) => zoneLabelIn(z, language, cityName(language));
  const clock = (z: string) => formatDate(instant, 'time', language, z);
  const withOffset = (z: string) => `${clock(z)} ${label(z)} (${formatOffset(z, instant, language)})`;
  const other = otherZone && isValidTimeZone(otherZone) && otherZone !== zone && !sameClock(instant, zone, otherZone);
  const time = other ? `${withOffset(zone)} \u00b7 ${withOffset(otherZone)}` : `${clock(zone)} ${label(zone)}`;
  return translate(language, 'mail.when', { date: formatDate(instant, 'long', language, zone), time });
}

const TYPE_KEY = { video: 'mail.type.video', voice: 'mail.type.voice', 'in-person': 'mail.type.inPerson' } as const;

/** The booking confirmation to the patient, in the patient's language (issue 28: the recipient's, not the sender's). */
export function confirmationInLanguage(
  language: Language,
  input: {
    instant: Date;
    zone: string;
    otherZone: string;
    type: ConsultationType;
    doctorName: string;
    patientFirstName: string;
    where: string | null;
  },
) {
  const when = localizedWhen(language, input.instant, input.zone, input.otherZone);
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, key, values);
  const details: [string, string][] = [
    [t('mail.detail.when'), when],
    [t('mail.detail.doctor'), input.doctorName],
    [t('mail.detail.consultation'), t(TYPE_KEY[input.type])],
  ];
  if (input.where) details.push([t('mail.detail.where'), input.where]);
  return {
    subject: t('mail.confirmed.subject', { when }),
    heading: t('mail.confirmed.heading'),
    paragraphs: [
      t('mail.greeting.patient', { name: input.patientFirstName }),
      t('mail.confirmed.line', {
        type: input.type === 'in-person' ? 'inPerson' : input.type,
        doctor: input.doctorName,
      }),
      t('mail.timesIn', { zone: zoneLabelIn(input.zone, language, cityName(language)) }),
    ],
    details,
    actionLabel: t(input.where ? 'mail.action.view' : 'mail.action.join'),
  };
}
