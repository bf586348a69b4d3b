import { expect, type APIRequestContext } from '@playwright/test';
import { localDate } from '../clock';
import { payByCardThroughApi } from '../fixtures';

/**
 * A paid video visit of the demo patient with the demo doctor, of this test's own: the demo
 * consultation is ended by the room journeys, and these tests must not depend on the order of files.
 * The doctor opens every day with no notice, so today's next free slot is taken when there is one.
 */
export async function bookPaidVisit(
  patient: APIRequestContext,
  doctor: APIRequestContext,
): Promise<{ id: string; startsAt: string; reason: string }> {
  const reason = `Checking my camera before the visit ${Date.now().toString(36)}`;
  const allDay = [{ start: '04:00', end: '24:00' }];
  const hours = await doctor.put('/api/doctors/profile/schedule', {
    data: {
      weekly: { mon: allDay, tue: allDay, wed: allDay, thu: allDay, fri: allDay, sat: allDay, sun: allDay },
      visitMinutes: { video: 30, voice: 30, in_person: 30 },
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 180,
      dailyCap: null,
    },
  });
  expect(hours.status()).toBe(200);
  const profile = (await (await doctor.get('/api/profile/doctor')).json()) as { id: string; timeZone: string };
  let date = localDate(profile.timeZone);
  let slot: { label: string } | undefined;
  for (let day = 0; day < 7 && !slot; day++) {
    date = localDate(profile.timeZone, new Date(Date.now() + day * 86_400_000));
    const res = await patient.get(`/api/doctors/${profile.id}/availability?date=${date}&type=video`);
    const body = (await res.json()) as { slots: { label: string; available: boolean }[] };
    slot = body.slots.find((s) => s.available);
  }
  expect(slot, 'a free slot this week').toBeTruthy();
  const booked = await patient.post('/api/appointments', {
    data: {
      doctorId: profile.id,
      appointmentDate: date,
      appointmentTime: slot!.label,
      consultationType: 'video',
      reasonForVisit: reason,
    },
  });
  expect(booked.status()).toBe(201);
  const appointment = (await booked.json()) as { id: string; startsAt: string };
  await payByCardThroughApi(patient, appointment.id);
  return { id: appointment.id, startsAt: appointment.startsAt, reason };
}

/**
 * Whether the visit is on the doctor's dashboard today: their day is in their own zone (the
 * account's, which their browser sets when they sign in, else the practice's: decision 047), not
 * the practice zone the slot was picked in; near midnight the two days differ.
 */
export async function isTodayForDoctor(doctor: APIRequestContext, startsAt: string): Promise<boolean> {
  const me = (await (await doctor.get('/api/auth/user')).json()) as { timeZone: string | null };
  const profile = (await (await doctor.get('/api/profile/doctor')).json()) as { timeZone: string };
  const zone = me.timeZone ?? profile.timeZone;
  return localDate(zone, new Date(startsAt)) === localDate(zone);
}
