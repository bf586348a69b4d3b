import { eq } from 'drizzle-orm';
import { languageOf } from '@common/i18n/negotiate';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { translate } from '../../core/i18n';
import type { Composition } from './composition';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

/**
 * "You have a new message": who wrote, never what (issue 41). An inbox can be read by anyone who
 * has it, so the message stays behind sign-in; the job carries only the two accounts' ids.
 */
export async function composeMessageUnread(
  db: Db,
  origin: string,
  payload: { userId: string; senderId: string },
): Promise<Composition> {
  const person = (id: string) =>
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        deletedAt: users.deletedAt,
        isActive: users.isActive,
        language: users.language,
        doctorId: doctors.id,
      })
      .from(users)
      .leftJoin(doctors, eq(users.id, doctors.userId))
      .where(eq(users.id, id));
  const [[recipient], [sender]] = await Promise.all([person(payload.userId), person(payload.senderId)]);
  if (!recipient || recipient.deletedAt || !recipient.isActive) return { dropped: 'the account was closed' };
  if (!sender) return { dropped: 'the sender no longer exists' };
  const language = languageOf(recipient.language) ?? DEFAULT_LANGUAGE;
  const name = `${sender.firstName} ${sender.lastName}`;
  const values = { sender: sender.doctorId ? `Dr. ${name}` : name };
  const subject = translate(language, 'care.mail.unread.subject');
  return {
    kind: 'message_unread',
    userId: recipient.id,
    toAddress: recipient.email,
    appointmentId: null,
    content: {
      subject,
      heading: subject,
      paragraphs: [
        translate(language, 'mail.greeting.patient', { name: recipient.firstName }),
        translate(language, 'care.mail.unread.line', values),
      ],
      action: { label: translate(language, 'care.mail.unread.action'), url: `${origin}/messages` },
      language,
    },
    ics: null,
    suppressed: false,
  };
}
