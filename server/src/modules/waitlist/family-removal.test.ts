import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { appointments, waitlistEntries } from '../../db/schema';
import { createTestApp, type TestContext } from '../../test-support/test-app';
import {
  type FullDoctor,
  type Who,
  slotOn,
  WAIT_BEFORE,
  WAITLIST_START,
  waitlistWorld,
} from '../../test-support/waitlist-fixtures';

/*
 * Removing a family member ends their waiting (docs/waitlist.md, "Ending"): a removed member is no
 * longer on the account, so nothing may be held or offered for them.
 */

const clock = fixedClock(WAITLIST_START);

let t: TestContext;
const { call, patient, fullDoctor, doctorCancels, holdsOf } = waitlistWorld(() => t);

const addMember = async (holder: Who, firstName: string): Promise<string> => {
  const reply = await call('POST', '/api/family-members', holder, {
    firstName,
    lastName: 'Waits',
    dateOfBirth: '2018-05-04',
    relationship: 'child',
  });
  expect(reply.statusCode).toBe(201);
  return reply.json().id as string;
};

const join = async (who: Who, doctor: FullDoctor, familyMemberId?: string): Promise<string> => {
  const reply = await call('POST', '/api/waitlist', who, {
    doctorId: doctor.doctorId,
    consultationType: 'video',
    before: WAIT_BEFORE,
    ...(familyMemberId ? { familyMemberId } : {}),
  });
  expect(reply.statusCode).toBe(201);
  clock.advance(1000);
  return reply.json().id as string;
};
const statusOf = async (entryId: string) =>
  (await t.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, entryId)))[0].status;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
});
afterAll(async () => t?.close());

describe('removing a family member ends their waiting', () => {
  it("removing another account's member is 404 and changes nothing: the entry waits and the offer stands", async () => {
    const doctor = await fullDoctor('Stranger');
    const ana = await patient('Ana');
    const sam = await patient('Sam');
    const maya = await addMember(ana, 'Maya');
    const entry = await join(ana, doctor, maya);
    const later = await join(ana, await fullDoctor('Later'), maya);
    await doctorCancels(doctor, 4);
    expect(await statusOf(entry)).toBe('offered');

    const reply = await call('DELETE', `/api/family-members/${maya}`, sam);
    expect(reply.statusCode).toBe(404);
    expect(await statusOf(entry)).toBe('offered');
    expect(await statusOf(later)).toBe('active');
    expect((await holdsOf(ana, doctor)).map((h) => h.startsAt)).toEqual([slotOn(4)]);
    expect((await call('GET', `/api/family-members/${maya}`, ana)).statusCode).toBe(200);
  });

  it("the member's waiting entry ends and My Appointments shows it ended; others' and the holder's own wait on", async () => {
    const doctor = await fullDoctor('Active');
    const ana = await patient('Ana');
    const maya = await addMember(ana, 'Maya');
    const leo = await addMember(ana, 'Leo');
    const mayas = await join(ana, doctor, maya);
    const leos = await join(ana, doctor, leo);
    const own = await join(ana, doctor);

    expect((await call('DELETE', `/api/family-members/${maya}`, ana)).statusCode).toBe(204);
    const list = (await call('GET', '/api/waitlist', ana)).json() as { id: string; status: string }[];
    const byId = new Map(list.map((e) => [e.id, e.status]));
    expect(byId.get(mayas)).toBe('cancelled');
    expect(byId.get(leos)).toBe('active');
    expect(byId.get(own)).toBe('active');
    // Ended, it no longer counts as live: "Stop waiting" on it changes nothing more.
    expect((await call('DELETE', `/api/waitlist/${mayas}`, ana)).statusCode).toBe(204);
    expect(await statusOf(mayas)).toBe('cancelled');

    // A slot that frees later is never offered for the removed member.
    await doctorCancels(doctor, 3);
    const [hold] = await holdsOf(ana, doctor);
    expect(hold).toMatchObject({ startsAt: slotOn(3), familyMemberId: leo });
    expect(await statusOf(leos)).toBe('offered');
  });

  it('a slot held for the member as an offer is released and offered to the next in line', async () => {
    const doctor = await fullDoctor('Offer');
    const ana = await patient('Ana');
    const ben = await patient('Ben');
    const maya = await addMember(ana, 'Maya');
    const mayas = await join(ana, doctor, maya);
    const bens = await join(ben, doctor);
    await doctorCancels(doctor, 5);
    const [held] = await holdsOf(ana, doctor);
    expect(held).toMatchObject({ startsAt: slotOn(5), familyMemberId: maya });
    expect(await statusOf(mayas)).toBe('offered');

    expect((await call('DELETE', `/api/family-members/${maya}`, ana)).statusCode).toBe(204);
    expect(await statusOf(mayas)).toBe('cancelled');
    const [released] = await t.db.select().from(appointments).where(eq(appointments.id, held.id));
    expect(released.status).toBe('cancelled');
    expect(await holdsOf(ana, doctor)).toEqual([]);
    expect((await holdsOf(ben, doctor)).map((h) => h.startsAt)).toEqual([slotOn(5)]);
    expect(await statusOf(bens)).toBe('offered');
    const [mine] = (await call('GET', '/api/waitlist', ana)).json();
    expect(mine).toMatchObject({ id: mayas, status: 'cancelled', offer: null });
  });
});
