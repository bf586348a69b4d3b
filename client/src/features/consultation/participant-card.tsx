import type { ClientMessageKey } from '@common/i18n/keys';
import type { Consultation } from '@common/schemas/consultations';
import { localTimeZone } from '@common/rules/display-time';
import { textsFor } from '../../lib/i18n/areas';
import { useFormats } from '../../lib/i18n/use-formats';
import type { Translate } from '../../lib/i18n/use-t';
import { Avatar } from '../../ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { PrecheckSummary } from '../../ui/precheck-summary';
import { usePrechecks } from './precheck-api';
import type { When } from '@common/i18n/when';
import { useWhen } from '../../lib/i18n/use-when';

const useT = textsFor('room');

/** Date and time in the viewer's own zone (the chat beside it uses it too), the doctor's named where it differs. */
export function participantRows(
  a: Consultation['appointment'],
  viewerZone: string,
  time: Pick<When, 'longDate' | 'time'>,
  money: (cents: number) => string,
  t: Translate,
): [ClientMessageKey, string][] {
  return [
    ['room.info.date', time.longDate(a.startsAt, viewerZone)],
    ['room.info.time', time.time(a.startsAt, viewerZone, a.timeZone)],
    ['room.info.type', t(`room.type.${a.consultationType}` as ClientMessageKey)],
    ['room.info.fee', money(a.fee)],
  ];
}

/** The room's side card: the other participant, with date, time, type and fee. */
export function ParticipantCard({ consultation, role }: { consultation: Consultation; role: 'doctor' | 'patient' }) {
  const other = role === 'doctor' ? consultation.patient : consultation.doctor.user;
  const name = role === 'doctor' ? `${other.firstName} ${other.lastName}` : `Dr. ${other.firstName} ${other.lastName}`;
  const t = useT();
  const f = useFormats();
  const rows = participantRows(consultation.appointment, localTimeZone(), useWhen(), f.money, t);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t(role === 'doctor' ? 'room.info.patient' : 'room.info.doctor')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Avatar firstName={other.firstName} lastName={other.lastName} src={other.profileImageUrl} />
          <div>
            <p className="font-medium">{name}</p>
            {role === 'patient' && <p className="text-sm text-muted">{f.specialty(consultation.doctor.specialty)}</p>}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{t(label)}</dt>
              <dd className="text-end font-medium">{value}</dd>
            </div>
          ))}
        </dl>
        {role === 'doctor' && <PatientPrecheck consultation={consultation} />}
      </CardContent>
    </Card>
  );
}

/** The patient's pre-call check, for the doctor; it appears while the room waits for them. */
function PatientPrecheck({ consultation }: { consultation: Consultation }) {
  const { data } = usePrechecks(consultation.appointmentId, {
    enabled: consultation.status !== 'ended',
    waiting: consultation.status === 'waiting',
  });
  const t = useT();
  const patient = data?.find((p) => p.role === 'patient');
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <p className="text-muted">{t('room.info.precheck')}</p>
      {patient ? (
        <PrecheckSummary result={patient} consultationType={consultation.appointment.consultationType} />
      ) : (
        <p>{data ? t('room.info.precheckNotDone') : '\u2026'}</p>
      )}
    </div>
  );
}
