import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../core/clock';
import { createAppointment, createPayment } from '../../db/factories';
import {
  accountTokens,
  appointments,
  careDocuments,
  documents,
  emailMessages,
  familyMemberProfiles,
  familyMembers,
  patientProfiles,
  payments,
  users,
  visitNotes,
} from '../../db/schema';
import { SESSION_COOKIE } from '../../http/session';
import type { Mailer, OutgoingEmail } from '../mail/mailer';
import { bookableDoctor } from '../../test-support/booking-fixtures';
import { createTestApp, signedInUser, type TestContext } from '../../test-support/test-app';

/*
 * A family member of 16 or more takes over their own record (issue 42, decision 100). Written from
 * the attacker's side first: a stranger, a forged or reused link, a too-young member, a visit still
 * to come, an address already taken; then the handover and what each side sees after it.
 */

const sent: OutgoingEmail[] = [];
const mailer: Mailer = {
  transport: 'smtp',
  send: async (message) => {
    sent.push(message);
    return { messageId: `<${sent.length}@test>` };
  },
  close: async () => {},
};
const NOW = new Date('2026-12-04T10:00:00Z');
const clock = fixedClock(NOW);

let t: TestContext;
type Who = { id: string; cookie: string };
let ana: Who;
let stranger: Who;
let doctor: { id: string; doctorId: string; cookie: string };
let linaId: string;
let tomId: string;

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, as: Who | null, payload?: object) =>
  t.app.inject({ method, url, headers: as ? { cookie: as.cookie } : {}, ...(payload ? { payload } : {}) });
const invite = (as: Who, memberId: string, email: string) =>
  call('POST', `/api/family-members/${memberId}/takeover-invitations`, as, { email });
const accept = (token: string, extra: object = {}) =>
  call('POST', '/api/family-takeovers', null, {
    token,
    password: 'a long enough password',
    agreedToTerms: true,
    ...extra,
  });
const addMember = async (holder: Who, body: object) => {
  const res = await call('POST', '/api/family-members', holder, body);
  expect(res.statusCode).toBe(201);
  return res.json().id as string;
};

/** Runs the mail jobs and answers the token in the last mail to `to` that links to the takeover page. */
async function invitationTo(to: string): Promise<string> {
  await t.app.jobWorker.runDue();
  const mail = sent.filter((m) => m.to === to && m.text.includes('/take-over?token=')).at(-1);
  const match = mail?.text.match(/\/take-over\?token=([A-Za-z0-9_%-]+)/);
  expect(match, `an invitation to ${to}`).toBeTruthy();
  return decodeURIComponent(match![1]);
}

const LINA_EMAIL = 'lina.garcia@example.com';

beforeAll(async () => {
  t = await createTestApp({ AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, { mailer, clock });
  const a = await signedInUser(t.db, { firstName: 'Ana', lastName: 'García', language: 'en' });
  ana = { id: a.user.id, cookie: a.cookie };
  const s = await signedInUser(t.db, { firstName: 'Sam', lastName: 'Stone' });
  stranger = { id: s.user.id, cookie: s.cookie };
  const d = await bookableDoctor(t.db, { user: { firstName: 'Dora', lastName: 'Okafor' } });
  doctor = { id: d.user.id, doctorId: d.doctor.id, cookie: d.cookie };
  // Lina turned 16 on 2025-12-05; Tom is 11.
  linaId = await addMember(ana, {
    firstName: 'Lina',
    lastName: 'García',
    dateOfBirth: '2009-12-05',
    relationship: 'child',
  });
  tomId = await addMember(ana, {
    firstName: 'Tom',
    lastName: 'García',
    dateOfBirth: '2015-03-01',
    relationship: 'child',
  });
});
afterAll(async () => t?.close());

describe('inviting a family member to take over: the attacker', () => {
  it("a stranger inviting Ana's member is 404 and sends nothing", async () => {
    const res = await invite(stranger, linaId, LINA_EMAIL);
    expect(res.statusCode).toBe(404);
    await t.app.jobWorker.runDue();
    expect(sent.filter((m) => m.to === LINA_EMAIL)).toEqual([]);
  });

  it('a member under 16 is refused with the age; a bad address or a NUL is a 400', async () => {
    const young = await invite(ana, tomId, 'tom@example.com');
    expect(young.statusCode).toBe(409);
    expect(young.json().message).toBe('A family member can take over their own record from the age of 16.');
    expect((await invite(ana, linaId, 'not an address')).statusCode).toBe(400);
    expect((await invite(ana, linaId, 'lina\u0000@example.com')).statusCode).toBe(400);
    expect(
      (await call('POST', '/api/family-members/not-a-uuid/takeover-invitations', ana, { email: LINA_EMAIL }))
        .statusCode,
    ).toBe(400);
  });

  it("an address another account uses is refused (the member's account must be new)", async () => {
    const [someone] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, stranger.id));
    const res = await invite(ana, linaId, someone.email);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Another account already uses this address.');
  });

  it('a visit still to come for the member holds the invitation back until it is over', async () => {
    const upcoming = await createAppointment(t.db, {
      patientId: ana.id,
      doctorId: doctor.doctorId,
      startsAt: new Date('2026-12-10T15:00:00Z'),
      status: 'confirmed',
      familyMemberId: linaId,
    });
    const res = await invite(ana, linaId, LINA_EMAIL);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^This family member has a visit coming up\./);
    await t.db
      .update(appointments)
      .set({ status: 'cancelled', cancelledAt: NOW })
      .where(eq(appointments.id, upcoming.id));
  });
});

describe('the takeover', () => {
  let pastVisitId: string;
  let token: string;

  beforeAll(async () => {
    // A past visit Ana booked and paid for Lina, with a shared summary and a prescription.
    const past = await createAppointment(t.db, {
      patientId: ana.id,
      doctorId: doctor.doctorId,
      startsAt: new Date('2026-10-01T15:00:00Z'),
      status: 'completed',
      familyMemberId: linaId,
    });
    pastVisitId = past.id;
    await createPayment(t.db, {
      appointmentId: past.id,
      patientId: ana.id,
      purpose: 'appointment',
      amount: 15000,
      status: 'succeeded',
    });
    await t.db.insert(visitNotes).values({
      appointmentId: past.id,
      diagnosis: 'Seasonal allergies',
      advice: 'Rinse and rest',
      sharedAt: new Date('2026-10-01T16:00:00Z'),
    });
    await t.db.insert(careDocuments).values({
      appointmentId: past.id,
      patientId: ana.id,
      doctorId: doctor.doctorId,
      kind: 'prescription',
      code: 'TAKEOVER-RX-1',
      language: 'en',
      content: { patient: { name: 'Lina García' } },
      keyId: 'k1',
      signature: 'sig',
      issuedAt: new Date('2026-10-01T16:05:00Z'),
    });
    await t.db.insert(documents).values({
      patientId: ana.id,
      uploadedBy: ana.id,
      familyMemberId: linaId,
      title: 'Lina vaccination card',
      contentType: 'application/pdf',
      size: 10,
      storageKey: `takeover-test-${linaId}`,
    });
    await t.db.insert(familyMemberProfiles).values({
      familyMemberId: linaId,
      gender: 'female',
      phoneNumber: '+34 600 000 000',
      address: 'Calle Mayor 1',
      city: 'Madrid',
      country: 'Spain',
      emergencyContactName: 'Ana García',
      emergencyContactPhone: '+34 600 000 001',
      emergencyContactRelation: 'parent',
      allergies: 'Pollen',
    });
  });

  it('the holder invites Lina: 201 with the address and the link’s 7 days; the mail greets Lina and names Ana', async () => {
    const res = await invite(ana, linaId, 'Lina.Garcia@Example.com');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: LINA_EMAIL, expiresAt: '2026-12-11T10:00:00.000Z' });
    token = await invitationTo(LINA_EMAIL);
    const mail = sent.filter((m) => m.to === LINA_EMAIL).at(-1)!;
    expect(mail.subject).toBe('Ana invites you to manage your own Medora record');
    expect(mail.text).toContain('Hello Lina');
    expect(mail.text).not.toContain('allergies');
    // The outbox copy keeps no usable link.
    const stored = await t.db.select().from(emailMessages).where(eq(emailMessages.toAddress, LINA_EMAIL));
    expect(stored.at(-1)?.textBody).not.toContain(token);
  });

  it('a second invitation retires the first link', async () => {
    expect((await invite(ana, linaId, LINA_EMAIL)).statusCode).toBe(201);
    const newer = await invitationTo(LINA_EMAIL);
    expect(newer).not.toBe(token);
    const old = await call('POST', '/api/family-takeovers/preview', null, { token });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(
      'This invitation link is not valid or has expired. Ask the person who manages your record to send a new one.',
    );
    token = newer;
  });

  it('the preview says whose record and from whom, without using the link', async () => {
    const res = await call('POST', '/api/family-takeovers/preview', null, { token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Lina',
      lastName: 'García',
      email: LINA_EMAIL,
      holderFirstName: 'Ana',
      visits: 2,
    });
    for (const bad of ['A'.repeat(43), token.slice(1), '\u0000', 'x'.repeat(300)]) {
      expect((await call('POST', '/api/family-takeovers/preview', null, { token: bad })).statusCode).toBe(400);
    }
  });

  it('accepting without the terms or with a short password is a 400 and moves nothing; the link still works', async () => {
    expect((await accept(token, { agreedToTerms: false })).statusCode).toBe(400);
    expect((await accept(token, { password: 'short' })).statusCode).toBe(400);
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.id, pastVisitId));
    expect(visit.patientId).toBe(ana.id);
    expect((await call('POST', '/api/family-takeovers/preview', null, { token })).statusCode).toBe(200);
  });

  it('two accepts at once: one account is made, the other is the link’s 400', async () => {
    const [first, second] = await Promise.all([accept(token), accept(token)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([201, 400]);
    const made = first.statusCode === 201 ? first : second;
    const user = made.json().user;
    expect(user).toMatchObject({ email: LINA_EMAIL, firstName: 'Lina', lastName: 'García', userType: 'patient' });
    expect(user.emailVerified).toBe(true);
    expect(made.cookies.some((c) => c.name === SESSION_COOKIE)).toBe(true);
    expect(await t.db.select().from(users).where(eq(users.email, LINA_EMAIL))).toHaveLength(1);
  });

  it('Lina’s account holds her past visits, summary, prescription, document and health profile', async () => {
    const [lina] = await t.db.select().from(users).where(eq(users.email, LINA_EMAIL));
    const [visit] = await t.db.select().from(appointments).where(eq(appointments.id, pastVisitId));
    expect(visit).toMatchObject({ patientId: lina.id, familyMemberId: null });
    const [rx] = await t.db.select().from(careDocuments).where(eq(careDocuments.code, 'TAKEOVER-RX-1'));
    expect(rx.patientId).toBe(lina.id);
    const [doc] = await t.db
      .select()
      .from(documents)
      .where(eq(documents.storageKey, `takeover-test-${linaId}`));
    expect(doc).toMatchObject({ patientId: lina.id, familyMemberId: null });
    const [profile] = await t.db.select().from(patientProfiles).where(eq(patientProfiles.userId, lina.id));
    expect(profile).toMatchObject({ dateOfBirth: '2009-12-05', allergies: 'Pollen', city: 'Madrid' });
    // Taken along, not copied: the holder keeps no health profile of Lina.
    expect(
      await t.db.select().from(familyMemberProfiles).where(eq(familyMemberProfiles.familyMemberId, linaId)),
    ).toEqual([]);

    const session = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: LINA_EMAIL, password: 'a long enough password' },
    });
    expect(session.statusCode).toBe(200);
    const cookie = session.cookies.find((c) => c.name === SESSION_COOKIE)!;
    const asLina = { id: lina.id, cookie: `${SESSION_COOKIE}=${cookie.value}` };
    const mine = (await call('GET', '/api/appointments/patient', asLina)).json() as { id: string }[];
    expect(mine.map((a) => a.id)).toContain(pastVisitId);
    const summary = await call('GET', `/api/appointments/${pastVisitId}/visit-summary`, asLina);
    expect(summary.statusCode).toBe(200);
    expect(summary.json().diagnosis).toBe('Seasonal allergies');
  });

  it('Ana no longer sees Lina or her records, and keeps what she paid; she is told by e-mail', async () => {
    const list = (await call('GET', '/api/family-members', ana)).json() as { id: string }[];
    expect(list.map((m) => m.id)).toEqual([tomId]);
    expect((await call('GET', `/api/family-members/${linaId}`, ana)).statusCode).toBe(404);
    const mine = (await call('GET', '/api/appointments/patient', ana)).json() as { id: string }[];
    expect(mine.map((a) => a.id)).not.toContain(pastVisitId);
    expect((await call('GET', `/api/appointments/${pastVisitId}/visit-summary`, ana)).statusCode).toBe(404);
    const [payment] = await t.db.select().from(payments).where(eq(payments.appointmentId, pastVisitId));
    expect(payment.patientId).toBe(ana.id);
    const [member] = await t.db.select().from(familyMembers).where(eq(familyMembers.id, linaId));
    expect(member.takenOverAt).toEqual(NOW);
    expect(member.deletedAt).toEqual(NOW);

    await t.app.jobWorker.runDue();
    const [anaRow] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, ana.id));
    const told = sent.filter((m) => m.to === anaRow.email).at(-1);
    expect(told?.subject).toBe('Lina now manages their own Medora record');
    expect(told?.text).toContain('Your payments and receipts for their past visits stay on your account.');
  });

  it('the used link is a 400 and makes nothing; no open takeover link is left for Lina', async () => {
    const again = await accept(token);
    expect(again.statusCode).toBe(400);
    const open = await t.db.select().from(accountTokens).where(eq(accountTokens.familyMemberId, linaId));
    expect(open.every((row) => row.usedAt !== null)).toBe(true);
    expect((await invite(ana, linaId, 'other@example.com')).statusCode).toBe(404);
  });
});
