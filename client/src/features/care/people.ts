import type { Appointment } from '@common/schemas/appointments';
import type { UserType } from '@common/schemas/auth';
import type { Conversation } from '@common/schemas/conversations';

export type Person = { id: string; firstName: string; lastName: string; isDoctor: boolean };

/** Who is on the other side of a conversation, for the viewer. */
export function otherParty(conversation: Conversation, viewer: UserType): Person {
  return viewer === 'doctor'
    ? { ...conversation.patient, isDoctor: false }
    : { ...conversation.doctor, id: conversation.doctor.doctorId, isDoctor: true };
}

export type SeenDoctor = { doctorId: string; firstName: string; lastName: string; specialty: string };

/**
 * The doctors a patient has booked beyond an unpaid hold, once each: whom they may write to or share
 * with. The server has the last word (a visit cancelled before payment, a share after 12 months).
 */
export function doctorsSeen(appointments: Appointment[]): SeenDoctor[] {
  const seen = new Map<string, SeenDoctor>();
  for (const a of appointments) {
    if (a.status === 'pending' || seen.has(a.doctorId)) continue;
    seen.set(a.doctorId, {
      doctorId: a.doctorId,
      firstName: a.doctor.user.firstName,
      lastName: a.doctor.user.lastName,
      specialty: a.doctor.specialty,
    });
  }
  return [...seen.values()];
}
