import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { appointments, consultations } from '../../db/schema';
import { paidConsultation } from '../../test-support/realtime-fixtures';
import { createTestApp, type TestContext } from '../../test-support/test-app';

/** The room follows the one join window (common/rules/join-window.ts), as the Join buttons do. */
const clock = fixedClock(new Date());
let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const call = (method: 'GET' | 'POST', url: string, cookie: string) =>
  t.app.inject({ method, url, headers: { cookie } });
const minutesAgo = (m: number) => new Date(clock.now().getTime() - m * MINUTE);

async function visit(startedMinutesAgo: number, durationMinutes = 30) {
  const c = await paidConsultation(t.db, { startsAt: minutesAgo(startedMinutesAgo) });
  await t.db.update(appointments).set({ durationMinutes }).where(eq(appointments.id, c.id));
  return c;
}

describe('starting a consultation', () => {
  it('is refused once the visit is over, and the room stays waiting', async () => {
    const c = await visit(31);
    const res = await call('POST', `/api/consultations/${c.id}/start`, c.doctorCookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The appointment time has passed; the consultation can no longer be started.');
    const [row] = await t.db.select().from(consultations).where(eq(consultations.appointmentId, c.id));
    expect(row.status).toBe('waiting');
  });

  it("follows the visit's own length, not a fixed slot", async () => {
    const long = await visit(40, 60);
    expect((await call('POST', `/api/consultations/${long.id}/start`, long.doctorCookie)).statusCode).toBe(200);
    const short = await visit(20, 15);
    expect((await call('POST', `/api/consultations/${short.id}/start`, short.doctorCookie)).statusCode).toBe(409);
  });

  it('tells the room how long the visit is, so its Start button keeps the same window', async () => {
    const c = await visit(5, 45);
    const res = await call('GET', `/api/consultations/${c.id}`, c.patientCookie);
    expect(res.json().appointment.durationMinutes).toBe(45);
  });
});

describe('the video consultations list', () => {
  it('no longer offers a visit of today whose time has passed', async () => {
    const over = await visit(31);
    const live = await visit(0);
    const listed = async (cookie: string) =>
      ((await call('GET', '/api/consultations', cookie)).json() as { appointmentId: string }[]).map(
        (c) => c.appointmentId,
      );
    expect(await listed(over.patientCookie)).toEqual([]);
    expect(await listed(live.patientCookie)).toEqual([live.id]);
  });
});
