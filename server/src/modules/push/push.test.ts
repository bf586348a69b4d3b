import { and, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PUSH_SUBSCRIPTIONS_MAX } from '@common/constants/push';
import { fixedClock } from '../../core/clock';
import { appointments, jobs, pushSubscriptions, pushVapidKeys, users } from '../../db/schema';
import { bookableDoctor, pendingBooking, payWithCard } from '../../test-support/booking-fixtures';
import type { PushSettings } from '../../config/push';
import { createUser } from '../../db/factories';
import { browserKeys, decryptPush, FakePushService, verifiedVapid } from '../../test-support/push-service';
import { cookieFor, createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';
import { vapidKeys } from './keys';
import { subscribe } from './subscriptions';

const vapid = webpush.generateVAPIDKeys();
const clock = fixedClock(new Date());
let t: TestContext;
let push: FakePushService;
let devices = 0;

beforeAll(async () => {
  push = await FakePushService.start();
  t = await createTestApp(
    { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: 'mailto:ops@medora.test' },
    { clock },
  );
});
afterAll(async () => {
  await t.close();
  await push.close();
});
beforeEach(() => {
  clock.set(new Date());
});

/** A new device of this person at the fake push service: its path, its keys, its id. */
async function subscribeDevice(cookie: string) {
  devices += 1;
  const path = `/push/device-${devices}`;
  const keys = browserKeys();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie },
    payload: { endpoint: `${push.origin}${path}`, expirationTime: null, keys: keys.json },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { path, keys, id: res.json().id as string };
}

/** What one device was pushed, read as that browser reads it. */
function pushedTo(device: Awaited<ReturnType<typeof subscribeDevice>>) {
  return push.to(device.path).map((r) => {
    expect(r.headers['content-encoding']).toBe('aes128gcm');
    const claims = verifiedVapid(r.headers.authorization, vapid.publicKey);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe('mailto:ops@medora.test');
    return JSON.parse(decryptPush(r.body, device.keys)) as { title: string; body: string; url: string };
  });
}

const HEALTH_WORDS = /sore throat|reason|diagnos|medicat|prescri|symptom|cardio|derma|psychi|pediatr/i;

describe('subscriptions, from the attacker side', () => {
  it('refuses what is not a push service or not a browser key, and stores none of it', async () => {
    const { user, cookie } = await signedInUser(t.db);
    const good = browserKeys().json;
    const tries: { endpoint: string; keys: { p256dh: string; auth: string } }[] = [
      { endpoint: 'http://push.example.com/x', keys: good },
      { endpoint: 'http://127.0.0.2/x', keys: good },
      { endpoint: 'https://10.0.0.5/x', keys: good },
      { endpoint: 'https://[::1]/x', keys: good },
      { endpoint: 'https://localhost/x', keys: good },
      { endpoint: 'ftp://push.example.com/x', keys: good },
      { endpoint: 'https://user:pw@push.example.com/x', keys: good },
      { endpoint: 'not a url', keys: good },
      { endpoint: 'https://push.example.com/x\u0000', keys: good },
      { endpoint: 'https://push.example.com/x', keys: { ...good, p256dh: good.p256dh.slice(0, 40) } },
      { endpoint: 'https://push.example.com/x', keys: { ...good, auth: good.auth + 'AAAA' } },
      { endpoint: 'https://push.example.com/x', keys: { ...good, auth: 'not+base64/url' } },
      // 65 bytes starting 0x04 that are no point on the curve.
      { endpoint: 'https://push.example.com/x', keys: { ...good, p256dh: Buffer.alloc(65, 4).toString('base64url') } },
      { endpoint: 'https://push.example.com/x', keys: { ...good, auth: 'AAAA\u0000AAAAAAAAAAAAAAAAA' } },
    ];
    for (const payload of tries) {
      const res = await t.app.inject({ method: 'POST', url: '/api/push/subscriptions', headers: { cookie }, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const spanish = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie, 'accept-language': 'es' },
      payload: tries[0],
    });
    expect(spanish.json().message).toMatch(/^Este dispositivo no puede recibir notificaciones/);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id))).toEqual([]);
  });

  it("answers 404 for another person's device and leaves it in place", async () => {
    const owner = await signedInUser(t.db);
    const stranger = await signedInUser(t.db);
    const device = await subscribeDevice(owner.cookie);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${device.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(res.statusCode).toBe(404);
    const strangers = await t.app.inject({
      method: 'GET',
      url: '/api/push/subscriptions',
      headers: { cookie: stranger.cookie },
    });
    expect(strangers.json()).toEqual([]);
    const mine = await t.app.inject({
      method: 'GET',
      url: '/api/push/subscriptions',
      headers: { cookie: owner.cookie },
    });
    expect(mine.json().map((d: { id: string }) => d.id)).toEqual([device.id]);
    expect(mine.json()[0].service).toBe(new URL(push.origin).host);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/push/subscriptions/${device.id}`,
      headers: { cookie: owner.cookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))).toEqual([]);
  });

  it('keeps one row per endpoint and at most the limit per person; signed-out and administrators are refused', async () => {
    const { user, cookie } = await signedInUser(t.db);
    const keys = browserKeys().json;
    const post = (endpoint: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie },
        payload: { endpoint, keys },
      });
    expect((await post('https://fcm.googleapis.com/fcm/send/same')).statusCode).toBe(201);
    expect((await post('https://fcm.googleapis.com/fcm/send/same')).statusCode).toBe(200);
    for (let n = 1; n < PUSH_SUBSCRIPTIONS_MAX; n += 1) {
      expect((await post(`https://fcm.googleapis.com/fcm/send/${n}`)).statusCode).toBe(201);
    }
    expect((await post('https://fcm.googleapis.com/fcm/send/one-too-many')).statusCode).toBe(409);
    const rows = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id));
    expect(rows).toHaveLength(PUSH_SUBSCRIPTIONS_MAX);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(anonymous.statusCode).toBe(401);
    const admin = await signedInUser(t.db, { userType: 'admin' });
    const asAdmin = await t.app.inject({
      method: 'GET',
      url: '/api/push/subscriptions',
      headers: { cookie: admin.cookie },
    });
    expect(asAdmin.statusCode).toBe(403);
    const key = await t.app.inject({ method: 'GET', url: '/api/push/vapid-public-key', headers: { cookie } });
    expect(key.json()).toEqual({ publicKey: vapid.publicKey });
  });
});

describe('what is pushed', () => {
  async function confirmedVisitWithDevices() {
    const booking = await pendingBooking(t.app, t.db);
    await t.db.update(users).set({ firstName: 'Amara', lastName: 'Okafor' }).where(eq(users.id, booking.doctorUser.id));
    const patientDevice = await subscribeDevice(booking.patient.cookie);
    const doctorDevice = await subscribeDevice(await cookieFor(t.db, booking.doctorUser));
    const paid = await payWithCard(t.app, booking.patient.cookie, booking.appointment.id);
    expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
    return { ...booking, patientDevice, doctorDevice };
  }

  it('queues the booking notice only for the side with a device, and reminders for both', async () => {
    const booking = await pendingBooking(t.app, t.db);
    await subscribeDevice(await cookieFor(t.db, booking.doctorUser));
    const paid = await payWithCard(t.app, booking.patient.cookie, booking.appointment.id);
    expect(paid.confirm.statusCode, paid.confirm.body).toBe(200);
    const queued = (await t.db.select().from(jobs).where(eq(jobs.appointmentId, booking.appointment.id)))
      .filter((j) => j.kind === 'push')
      .map((j) => j.payload as { notice: string; userId: string });
    const notices = queued.map((p) => `${p.notice} ${p.userId === booking.doctorUser.id ? 'doctor' : 'patient'}`);
    expect(notices.filter((n) => !n.startsWith('reminder'))).toEqual(['booking_new doctor']);
    expect(notices.filter((n) => n.startsWith('reminder')).sort()).toEqual(['reminder doctor', 'reminder patient']);
  });

  it('tells the patient and the doctor of the booking, in their languages, with no health detail', async () => {
    const visit = await confirmedVisitWithDevices();
    await t.db.update(users).set({ language: 'es' }).where(eq(users.id, visit.patient.user.id));
    await t.app.jobWorker.runDue();
    const [toPatient, ...morePatient] = pushedTo(visit.patientDevice);
    expect(morePatient).toEqual([]);
    expect(toPatient.title).toBe('Consulta confirmada');
    expect(toPatient.body).toMatch(/^Tu consulta con Dr\. Amara Okafor el .+ está confirmada\.$/);
    expect(toPatient.url).toBe('/appointments');
    const [toDoctor] = pushedTo(visit.doctorDevice);
    expect(toDoctor.title).toBe('New booking');
    expect(toDoctor.body).toMatch(/^A visit was booked with you for .+\.$/);
    for (const shown of [toPatient, toDoctor]) {
      expect(JSON.stringify(shown)).not.toMatch(HEALTH_WORDS);
      expect(JSON.stringify(shown)).not.toContain(visit.patient.user.lastName);
    }
    expect(JSON.stringify(toDoctor)).not.toContain('Nia');
    // The pushed bytes themselves carry nothing readable.
    for (const r of push.to(visit.patientDevice.path)) expect(r.body.toString('latin1')).not.toMatch(/Okafor|consulta/);
  });

  it('reminds both 15 minutes before the start, and not for a visit that was cancelled', async () => {
    const visit = await confirmedVisitWithDevices();
    const cancelled = await confirmedVisitWithDevices();
    await t.app.jobWorker.runDue();
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/appointments/${cancelled.appointment.id}`,
      headers: { cookie: cancelled.patient.cookie },
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const before = push.to(cancelled.patientDevice.path).length;
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, visit.appointment.id));
    clock.set(new Date(row.startsAt.getTime() - 15 * 60_000));
    await t.app.jobWorker.runDue();
    expect(pushedTo(visit.patientDevice).at(-1)!.body).toBe('Your visit with Dr. Amara Okafor starts in 15 minutes.');
    expect(pushedTo(visit.doctorDevice).at(-1)!.body).toBe('Your next visit starts in 15 minutes.');
    expect(push.to(cancelled.patientDevice.path)).toHaveLength(before);
    expect(push.to(cancelled.doctorDevice.path).map((r) => r.body.length)).toHaveLength(1);
  });

  it('says who wrote a message, never what; a doctor is not told the patient’s name', async () => {
    const visit = await confirmedVisitWithDevices();
    await t.app.jobWorker.runDue();
    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: { cookie: visit.patient.cookie },
      payload: { doctorId: visit.doctor.id },
    });
    expect([200, 201], opened.body).toContain(opened.statusCode);
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${opened.json().id}/messages`,
      headers: { cookie: visit.patient.cookie },
      payload: { body: 'My rash is worse and the cream is not helping' },
    });
    expect([200, 201], sent.body).toContain(sent.statusCode);
    await t.app.jobWorker.runDue();
    const last = pushedTo(visit.doctorDevice).at(-1)!;
    expect(last).toEqual({
      title: 'New message',
      body: 'A patient sent you a message.',
      url: '/messages',
      tag: 'message',
    });
  });

  it('offers an earlier time on the waiting patient’s device: the doctor and the time, and a tap to the checkout', async () => {
    const { doctor } = await bookableDoctor(t.db, { user: { firstName: 'Amara', lastName: 'Okafor' } });
    const { user, cookie } = await signedInUser(t.db, { firstName: 'Nia', lastName: 'Waits' });
    const device = await subscribeDevice(cookie);
    // A free slot before the date already exists: joining is offered it at once.
    const before = new Date(clock.now().getTime() + 10 * 86_400_000).toISOString().slice(0, 10);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/waitlist',
      headers: { cookie },
      payload: { doctorId: doctor.id, consultationType: 'video', before, reasonForVisit: 'Sore throat for a week' },
    });
    expect(joined.statusCode, joined.body).toBe(201);
    const [held] = await t.db
      .select()
      .from(appointments)
      .where(and(eq(appointments.patientId, user.id), eq(appointments.status, 'pending')));
    expect(held).toBeDefined();
    await t.app.jobWorker.runDue();
    const [offer, ...more] = pushedTo(device);
    expect(more).toEqual([]);
    expect(offer.title).toBe('An earlier time is held for you');
    expect(offer.body).toMatch(/^Dr\. Amara Okafor is free on .+, and the time is held for you\. Tap to book it\.$/);
    expect(offer.url).toBe(`/checkout?appointmentId=${held.id}`);
    expect(JSON.stringify(offer)).not.toMatch(HEALTH_WORDS);
  });

  it('deletes a device the push service says is gone (410, 404)', async () => {
    const visit = await confirmedVisitWithDevices();
    push.statusFor.set(visit.patientDevice.path, 410);
    push.statusFor.set(visit.doctorDevice.path, 404);
    await t.app.jobWorker.runDue();
    expect(push.to(visit.patientDevice.path).length).toBeGreaterThan(0);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, visit.patientDevice.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, visit.doctorDevice.id))).toEqual(
      [],
    );
  });

  it('never holds up or undoes the booking when the push service is down; the job tries again', async () => {
    const booking = await pendingBooking(t.app, t.db);
    const keys = browserKeys();
    // A port nothing listens on: the push service is unreachable.
    const down = await FakePushService.start();
    const deadOrigin = down.origin;
    await down.close();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: booking.patient.cookie },
      payload: { endpoint: `${deadOrigin}/gone-away`, keys: keys.json },
    });
    expect(res.statusCode).toBe(201);
    const paid = await payWithCard(t.app, booking.patient.cookie, booking.appointment.id);
    expect(paid.confirm.statusCode).toBe(200);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, booking.appointment.id));
    expect(row.status).toBe('confirmed');
    await t.app.jobWorker.runDue();
    const [job] = await t.db
      .select()
      .from(jobs)
      .where(eq(jobs.appointmentId, booking.appointment.id))
      .then((rows) =>
        rows.filter((j) => j.kind === 'push' && (j.payload as { notice: string }).notice === 'booking_confirmed'),
      );
    expect(job.status).toBe('queued');
    expect(job.attempts).toBe(1);
    expect(job.lastError).toMatch(/no push service took the notice/);
  });
});

describe('devices end with the account’s sessions and the account', () => {
  it('sign out everywhere removes every device of the person, and only theirs', async () => {
    const me = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    await subscribeDevice(me.cookie);
    await subscribeDevice(me.cookie);
    const theirs = await subscribeDevice(other.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sessions/sign-out-others',
      headers: { cookie: me.cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id))).toEqual([]);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, theirs.id))).toHaveLength(1);
  });

  it('deleting the account removes its devices', async () => {
    const user = await createUser(t.db, { password: 'a long enough password' });
    const me = { user, cookie: await cookieFor(t.db, user) };
    await subscribeDevice(me.cookie);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/patients/me/delete',
      headers: { cookie: me.cookie },
      payload: { password: 'a long enough password' },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.user.id))).toEqual([]);
  });
});

describe('keys', () => {
  it('a demo server makes its key pair once and keeps it in the database; without keys or demo, push is off', async () => {
    const demo: PushSettings = {
      keys: { kind: 'generate' },
      subject: 'mailto:demo@medora.test',
      allowLoopbackHttp: true,
    };
    const first = await vapidKeys(t.db, demo);
    expect(first!.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect((await vapidKeys(t.db, demo))!.publicKey).toBe(first!.publicKey);
    const stored = await t.db.select().from(pushVapidKeys);
    expect(stored.map((k) => [k.publicKey, k.privateKey])).toEqual([[first!.publicKey, first!.privateKey]]);
    const off: PushSettings = { ...demo, keys: { kind: 'off' } };
    expect(await vapidKeys(t.db, off)).toBeNull();
    const { user } = await signedInUser(t.db);
    await expect(
      subscribe(t.db, off, user.id, { endpoint: 'https://fcm.googleapis.com/x', keys: browserKeys().json }, new Date()),
    ).rejects.toMatchObject({ code: 'not_found' });
    // Production accepts no plain-http push service, not even this machine's.
    await expect(
      subscribe(
        t.db,
        { ...demo, allowLoopbackHttp: false },
        user.id,
        { endpoint: `${push.origin}/x`, keys: browserKeys().json },
        new Date(),
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });
});
