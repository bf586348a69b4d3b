import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationPrechecks } from '../../db/schema';
import { paidConsultation } from '../../test-support/realtime-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const good = { camera: 'ok', microphone: 'ok', network: 'relay' };

const post = (id: string, cookie: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: `/api/consultations/${id}/precheck`,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    payload: JSON.stringify(payload),
  });
const get = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie } });
const rowsOf = (id: string) =>
  t.db.select().from(consultationPrechecks).where(eq(consultationPrechecks.consultationId, id));

describe('POST /api/consultations/:id/precheck', () => {
  it('refuses strangers, another doctor and the signed-out with nothing stored', async () => {
    const c = await paidConsultation(t.db);
    const stranger = await signedInUser(t.db);
    const otherDoctor = await signedInUser(t.db, { userType: 'doctor' });
    expect((await post(c.id, stranger.cookie, good)).statusCode).toBe(404);
    expect((await post(c.id, otherDoctor.cookie, good)).statusCode).toBe(404);
    expect((await post(c.id, null, good)).statusCode).toBe(401);
    expect((await get(`/api/consultations/${c.id}/precheck`, stranger.cookie)).statusCode).toBe(404);
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it('refuses hostile input with a 400 and changes nothing', async () => {
    const c = await paidConsultation(t.db);
    const bad: unknown[] = [
      {},
      { ...good, camera: 'fine' },
      { ...good, network: 'relay\u0000' },
      { ...good, microphone: 'o'.repeat(100_000) },
      { ...good, camera: 1e308 },
      { ...good, role: 'doctor' },
      { ...good, appointmentId: c.id },
      [good],
      'camera=ok',
    ];
    for (const body of bad) {
      const res = await post(c.id, c.patientCookie, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect((await post('not-a-uuid', c.patientCookie, good)).statusCode).toBe(400);
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it("keeps each participant's latest result, and both read both", async () => {
    const c = await paidConsultation(t.db);
    const first = await post(c.id, c.patientCookie, { camera: 'blocked', microphone: 'ok', network: 'untested' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ appointmentId: c.id, role: 'patient', camera: 'blocked' });
    expect((await post(c.id, c.patientCookie, good)).statusCode).toBe(200);
    expect((await post(c.id, c.doctorCookie, { camera: 'ok', microphone: 'ok', network: 'direct' })).statusCode).toBe(
      200,
    );
    const rows = await rowsOf(c.id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.role === 'patient')).toMatchObject({ userId: c.patient.id, ...good });

    for (const cookie of [c.patientCookie, c.doctorCookie]) {
      const res = await get(`/api/consultations/${c.id}/precheck`, cookie);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([
        expect.objectContaining({ role: 'doctor', network: 'direct' }),
        expect.objectContaining({ role: 'patient', camera: 'ok', microphone: 'ok', network: 'relay' }),
      ]);
    }
  });

  it('takes no result for an ended consultation', async () => {
    const c = await paidConsultation(t.db);
    await get(`/api/consultations/${c.id}`, c.patientCookie);
    await t.app.inject({
      method: 'POST',
      url: `/api/consultations/${c.id}/start`,
      headers: { cookie: c.doctorCookie },
    });
    await t.app.inject({ method: 'POST', url: `/api/consultations/${c.id}/end`, headers: { cookie: c.doctorCookie } });
    const res = await post(c.id, c.patientCookie, good);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The consultation has ended.');
    expect(await rowsOf(c.id)).toEqual([]);
  });

  it('the database itself refuses a value outside the lists', async () => {
    const c = await paidConsultation(t.db);
    expect((await post(c.id, c.patientCookie, good)).statusCode).toBe(200);
    const error = await t.db
      .insert(consultationPrechecks)
      .values({
        consultationId: c.id,
        userId: c.doctorUser.id,
        role: 'doctor',
        camera: 'fine' as never,
        microphone: 'ok',
        network: 'direct',
        checkedAt: new Date(),
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    const text = JSON.stringify(error, Object.getOwnPropertyNames(error as object)) + String(error);
    expect(text + String((error as { cause?: unknown }).cause)).toContain('consultation_prechecks_camera_check');
  });

  it('has no room, so no result, for an unpaid appointment', async () => {
    const c = await paidConsultation(t.db, { paid: false });
    expect((await post(c.id, c.patientCookie, good)).statusCode).toBe(404);
  });
});

describe('GET /api/doctor/consultation-prechecks', () => {
  it("lists the doctor's own patients' results only, and only to doctors", async () => {
    const mine = await paidConsultation(t.db);
    const theirs = await paidConsultation(t.db);
    await post(mine.id, mine.patientCookie, good);
    await post(mine.id, mine.doctorCookie, { camera: 'ok', microphone: 'ok', network: 'direct' });
    await post(theirs.id, theirs.patientCookie, good);

    const res = await get('/api/doctor/consultation-prechecks', mine.doctorCookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([{ appointmentId: mine.id, role: 'patient', ...good, checkedAt: expect.any(String) }]);
    expect((await get('/api/doctor/consultation-prechecks', mine.patientCookie)).statusCode).toBe(403);
  });

  it('leaves out visits that started more than a day ago', async () => {
    const old = await paidConsultation(t.db, { startsAt: new Date(Date.now() - 2 * 86_400_000) });
    expect((await post(old.id, old.patientCookie, good)).statusCode).toBe(200);
    const res = await get('/api/doctor/consultation-prechecks', old.doctorCookie);
    expect(res.json()).toEqual([]);
  });
});
