import { Phone, Video } from 'lucide-react';
import type { ClientMessageKey } from '@common/i18n/keys';
import type { Consultation } from '@common/schemas/consultations';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import { Badge, type BadgeVariant } from '../../ui/badge';
import { Card } from '../../ui/card';
import { useElapsed } from './use-elapsed';
import { BookedFor } from '../../ui/booked-for';

const useT = textsFor('room');

const STATUS: Record<Consultation['status'], { label: ClientMessageKey; variant: BadgeVariant }> = {
  waiting: { label: 'room.status.waiting', variant: 'warning' },
  active: { label: 'room.status.active', variant: 'success' },
  ended: { label: 'room.status.ended', variant: 'secondary' },
};

export function RoomHeader({ consultation, clockOffsetMs }: { consultation: Consultation; clockOffsetMs: number }) {
  const t = useT();
  const f = useFormats();
  const video = consultation.appointment.consultationType === 'video';
  const elapsed = useElapsed(consultation.startedAt, consultation.endedAt, clockOffsetMs);
  const status = STATUS[consultation.status];
  const Icon = video ? Video : Phone;
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="flex min-w-0 items-start gap-3">
        <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
          <Icon className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <h1 className="text-xl font-bold">{t(video ? 'room.header.video' : 'room.header.voice')}</h1>
          <p className="text-sm text-muted">{f.specialty(consultation.doctor.specialty)}</p>
          {consultation.familyMember && <BookedFor member={consultation.familyMember} holder={consultation.patient} />}
          <p className="mt-1 text-sm break-words">
            <span className="font-medium">{t('room.header.reason')}</span>{' '}
            <span dir="auto">{consultation.appointment.reasonForVisit}</span>
          </p>
        </div>
      </div>
      <div className="flex items-center gap-3 self-start sm:self-center">
        {consultation.status === 'active' && (
          <span
            className="inline-flex items-center gap-2 font-mono text-lg font-semibold text-danger"
            aria-label={t('room.header.elapsed', { elapsed })}
            role="timer"
            dir="ltr"
          >
            <span className="h-2.5 w-2.5 animate-pulse rounded-full bg-danger" aria-hidden />
            {elapsed}
          </span>
        )}
        <Badge variant={status.variant} data-testid="consultation-status">
          {t(status.label)}
        </Badge>
      </div>
    </Card>
  );
}
