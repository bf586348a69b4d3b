import { eq } from 'drizzle-orm';
import { PUSH_REMINDER_BEFORE_MS } from '@common/constants/push';
import type { Language } from '@common/i18n/languages';
import { translate } from '../../core/i18n';
import { localizedWhen } from '../../core/localized-when';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { appointmentView } from '../appointment-view/view';
import type { PushJobPayload } from './job';

/** What the service worker shows: a title, one line, where a tap leads, and a tag that replaces an earlier one. */
export type PushMessage = { title: string; body: string; url: string; tag: string };

/**
 * The words of a notice, in the reader's language, or why it is no longer worth sending. A push
 * shows on a lock screen: it names the doctor and the time and nothing else (no reason for the
 * visit, specialty, note or message text), and a doctor's pushes never name the patient.
 */
export async function composeNotice(
  db: Db,
  payload: PushJobPayload,
  language: Language,
  now: Date,
): Promise<{ message: PushMessage } | { drop: string }> {
  const say = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, key, values);
  if (payload.notice === 'message') {
    const [sender] = await db
      .select({ firstName: users.firstName, lastName: users.lastName, doctorId: doctors.id })
      .from(users)
      .leftJoin(doctors, eq(users.id, doctors.userId))
      .where(eq(users.id, payload.senderId));
    if (!sender) return { drop: 'the sender no longer exists' };
    const body = sender.doctorId
      ? say('push.message.fromDoctor', { doctor: `Dr. ${sender.firstName} ${sender.lastName}` })
      : say('push.message.fromPatient');
    return { message: { title: say('push.message.title'), body, url: '/messages', tag: 'message' } };
  }
  const view = await appointmentView(db, payload.appointmentId);
  if (payload.notice === 'waitlist_offer') {
    // The offer is an unpaid hold: once paid, lapsed or released there is nothing left to offer.
    if (!view || view.status !== 'pending') return { drop: 'the held time is no longer offered' };
    return {
      message: {
        title: say('push.waitlist.title'),
        body: say('push.waitlist.body', {
          doctor: `Dr. ${view.doctor.firstName} ${view.doctor.lastName}`,
          when: localizedWhen(language, view.startsAt, view.patient.zone),
        }),
        url: `/checkout?appointmentId=${view.id}`,
        tag: `visit-${view.id}`,
      },
    };
  }
  if (!view || view.status !== 'confirmed') return { drop: 'the visit is no longer confirmed' };
  const doctor = `Dr. ${view.doctor.firstName} ${view.doctor.lastName}`;
  const tag = `visit-${view.id}`;
  const toPatient = payload.userId === view.patient.userId;
  const zone = toPatient ? view.patient.zone : view.doctor.zone;
  const url = toPatient ? '/appointments' : '/doctor/appointments';
  switch (payload.notice) {
    case 'booking_confirmed':
      return {
        message: {
          title: say('push.confirmed.title'),
          body: say('push.confirmed.body', { doctor, when: localizedWhen(language, view.startsAt, zone) }),
          url,
          tag,
        },
      };
    case 'booking_new':
      return {
        message: {
          title: say('push.booked.title'),
          body: say('push.booked.body', { when: localizedWhen(language, view.startsAt, zone) }),
          url,
          tag,
        },
      };
    case 'reminder': {
      if (view.startsAt.toISOString() !== payload.startsAt) return { drop: 'the visit moved' };
      if (now.getTime() >= view.startsAt.getTime()) return { drop: 'the visit has started' };
      const minutes = Math.round(PUSH_REMINDER_BEFORE_MS / 60_000);
      const body = toPatient
        ? say('push.reminder.patient', { doctor, minutes })
        : say('push.reminder.doctor', { minutes });
      return { message: { title: say('push.reminder.title'), body, url, tag } };
    }
  }
}
