import { CONSULTATION_TYPE_LABELS } from '@common/constants/consultation-types';
import type { Consultation } from '@common/schemas/consultations';
import { localTimeZone, longDate, timeText } from '@common/rules/display-time';
import { formatMoney } from '@common/rules/fees';
import { Avatar } from '../../ui/avatar';
import { Card, CardContent, CardHeader, CardTitle } from '../../ui/card';
import { PrecheckSummary } from '../../ui/precheck-summary';
import { usePrechecks } from './precheck-api';

/** Date and time in the viewer's own zone (the chat beside it uses it too), the doctor's named where it differs. */
export function participantRows(a: Consultation['appointment'], viewerZone: string): [string, string][] {
  return [
    ['Date', longDate(a.startsAt, viewerZone)],
    ['Time', timeText(a.startsAt, viewerZone, a.timeZone)],
    ['Type', CONSULTATION_TYPE_LABELS[a.consultationType]],
    ['Fee', formatMoney(a.fee)],
  ];
}

/** The room's side card: the other participant, with date, time, type and fee. */
export function ParticipantCard({ consultation, role }: { consultation: Consultation; role: 'doctor' | 'patient' }) {
  const other = role === 'doctor' ? consultation.patient : consultation.doctor.user;
  const name = role === 'doctor' ? `${other.firstName} ${other.lastName}` : `Dr. ${other.firstName} ${other.lastName}`;
  const rows = participantRows(consultation.appointment, localTimeZone());
  return (
    <Card>
      <CardHeader>
        <CardTitle>{role === 'doctor' ? 'Patient Information' : 'Doctor Information'}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Avatar firstName={other.firstName} lastName={other.lastName} src={other.profileImageUrl} />
          <div>
            <p className="font-medium">{name}</p>
            {role === 'patient' && <p className="text-sm text-muted">{consultation.doctor.specialty}</p>}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted">{label}</dt>
              <dd className="text-right font-medium">{value}</dd>
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
  const patient = data?.find((p) => p.role === 'patient');
  return (
    <div className="flex flex-col items-start gap-1 text-sm">
      <p className="text-muted">Pre-call check</p>
      {patient ? (
        <PrecheckSummary result={patient} consultationType={consultation.appointment.consultationType} />
      ) : (
        <p>{data ? 'Not done yet' : '\u2026'}</p>
      )}
    </div>
  );
}
