import type { ConsultationType } from '@common/constants/consultation-types';
import { formatMoney, zoneLabelIn } from '@common/i18n/format';
import type { Language } from '@common/i18n/languages';
import { cityName, translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import { ownDirection } from './own-direction';

export { localizedWhen };

const TYPE_KEY = { video: 'mail.type.video', voice: 'mail.type.voice', 'in-person': 'mail.type.inPerson' } as const;

/** An appointment e-mail, in the recipient's language (issue 28: the recipient's, not the sender's). */
export type AppointmentMailInput = {
  kind:
    | 'booking_confirmed'
    | 'booking_new'
    | 'booking_cancelled'
    | 'booking_rescheduled'
    | 'reschedule_proposed'
    | 'booking_cancelled_by_doctor'
    | 'booking_refunded'
    | 'reminder_24h'
    | 'reminder_1h';
  toDoctor: boolean;
  instant: Date;
  zone: string;
  otherZone: string;
  type: ConsultationType;
  doctorName: string;
  doctorLastName: string;
  patientName: string;
  patientFirstName: string;
  where: string | null;
  previousStartsAt?: string;
  proposedStartsAt?: string;
  cancellationReason: string | null;
  refundCents: number;
  /** Where each refunded part went, said in the language (refund-where.ts); appended to the refund line. */
  refundWhere?: string;
};

const selectType = (type: ConsultationType) => (type === 'in-person' ? 'inPerson' : type);

/** Subject, heading, paragraphs and detail labels of an appointment e-mail (the layout adds the rest). */
export function appointmentMailInLanguage(language: Language, input: AppointmentMailInput) {
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, key, values);
  const when = localizedWhen(language, input.instant, input.zone, input.otherZone);
  const type = selectType(input.type);
  const typeLabel = t(TYPE_KEY[input.type]);
  const own = (text: string) => ownDirection(language, text);
  const other = own(input.toDoctor ? input.patientName : input.doctorName);
  const base = { type, when, typeLabel, doctor: own(input.doctorName), patient: own(input.patientName), other };
  const texts = (() => {
    switch (input.kind) {
      case 'booking_confirmed':
        return ['mail.confirmed.subject', 'mail.confirmed.heading', 'mail.confirmed.line'] as const;
      case 'booking_new':
        return ['mail.new.subject', 'mail.new.heading', 'mail.new.line'] as const;
      case 'booking_cancelled':
        return [
          'mail.cancelled.subject',
          'mail.cancelled.heading',
          input.toDoctor ? 'mail.cancelled.lineDoctor' : 'mail.cancelled.linePatient',
        ] as const;
      case 'booking_rescheduled':
        return ['mail.rescheduled.subject', 'mail.rescheduled.heading', 'mail.rescheduled.line'] as const;
      case 'reschedule_proposed':
        return ['mail.proposed.subject', 'mail.proposed.heading', 'mail.proposed.line'] as const;
      case 'booking_cancelled_by_doctor':
        return [
          'mail.cancelledByDoctor.subject',
          'mail.cancelledByDoctor.heading',
          input.cancellationReason ? 'mail.cancelledByDoctor.lineReason' : 'mail.cancelledByDoctor.line',
        ] as const;
      case 'booking_refunded':
        return ['mail.refunded.subject', 'mail.refunded.heading', 'mail.refunded.line'] as const;
      case 'reminder_24h':
        return ['mail.reminder24.subject', 'mail.reminder24.heading', 'mail.reminder24.line'] as const;
      case 'reminder_1h':
        return ['mail.reminder1.subject', 'mail.reminder1.heading', 'mail.reminder1.line'] as const;
    }
  })();
  const values = {
    ...base,
    from: input.previousStartsAt
      ? localizedWhen(language, new Date(input.previousStartsAt), input.zone)
      : t('mail.rescheduled.earlier'),
    to: input.proposedStartsAt
      ? localizedWhen(language, new Date(input.proposedStartsAt), input.zone, input.otherZone)
      : t('mail.proposed.another'),
    reason: own(input.cancellationReason ?? ''),
    amount: formatMoney(input.refundCents, language),
  };
  const details: [string, string][] = [
    [t('mail.detail.when'), when],
    input.toDoctor ? [t('mail.detail.patient'), input.patientName] : [t('mail.detail.doctor'), input.doctorName],
    [t('mail.detail.consultation'), typeLabel],
  ];
  if (input.where) details.push([t('mail.detail.where'), input.where]);
  return {
    subject: t(texts[0], values),
    heading: t(texts[1], values),
    paragraphs: [
      input.toDoctor
        ? t('mail.greeting.doctor', { lastName: input.doctorLastName })
        : t('mail.greeting.patient', { name: input.patientFirstName }),
      input.kind === 'booking_refunded' && input.refundWhere
        ? `${t(texts[2], values)} ${input.refundWhere}`
        : t(texts[2], values),
      t('mail.timesIn', { zone: zoneLabelIn(input.zone, language, cityName(language)) }),
    ],
    details,
    labels: {
      join: t(input.where ? 'mail.action.view' : 'mail.action.join'),
      answer: t('mail.action.answer'),
    },
  };
}
