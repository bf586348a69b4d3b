import type { UserType } from '@common/schemas/auth';
import type { Conversation } from '@common/schemas/conversations';

export type Person = { id: string; firstName: string; lastName: string; isDoctor: boolean };

/** Who is on the other side of a conversation, for the viewer. */
export function otherParty(conversation: Conversation, viewer: UserType): Person {
  return viewer === 'doctor'
    ? { ...conversation.patient, isDoctor: false }
    : { ...conversation.doctor, id: conversation.doctor.doctorId, isDoctor: true };
}
