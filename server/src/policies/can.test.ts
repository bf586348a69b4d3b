import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentStatus } from '@common/constants/statuses';
import type { Database } from '../db/client';
import { appointments, doctors, familyMembers, receipts, visitNotes } from '../db/schema';
import { createAppointment, createDoctor, createPayment, createUser } from '../db/factories';
import { createTestDatabase } from '../test-support/test-database';
import * as appointment from './appointment';
import * as consultation from './consultation';
import * as doctor from './doctor';
import * as email from './email';
import * as patientRecord from './patient-record';
import * as receipt from './receipt';
import * as visit from './visit';
import type { Viewer } from './viewer';

/*
 * Every policy's predicate, role by role, action by action, owner or not: the rules of
 * docs/policies.md as a table. The SQL scopes are checked against the same predicates on a
 * database, so the two forms of one rule cannot drift apart.
 */

const ROLES = ['patient', 'doctor', 'admin'] as const;
type Role = (typeof ROLES)[number];
const viewer = (id: string, role: Role): Viewer => ({ id, role, requestId: 'test' });

const PATIENT = 'patient-account';
const DOCTOR = 'doctor-account';
const OTHER = 'someone-else';

/** Who the viewer is to the record: its patient, its doctor, or neither. */
const RELATIONS = { patient: PATIENT, doctor: DOCTOR, stranger: OTHER } as const;
type Relation = keyof typeof RELATIONS;

/** Each viewer relation in each role (a stranger who is an administrator is still a stranger). */
function* everyone(): Generator<[Relation, Role, Viewer]> {
  for (const relation of Object.keys(RELATIONS) as Relation[]) {
    for (const role of ROLES) yield [relation, role, viewer(RELATIONS[relation], role)];
  }
}

describe('appointment.can', () => {
  const record = { patientId: PATIENT, doctorUserId: DOCTOR };
  const expected: Record<appointment.AppointmentAction, Relation[]> = {
    read: ['patient', 'doctor'],
    join: ['patient', 'doctor'],
    manage_booking: ['patient'],
    manage_book: ['doctor'],
  };
  for (const [action, allowed] of Object.entries(expected) as [appointment.AppointmentAction, Relation[]][]) {
    it(`${action}: ${allowed.join(' and ')} only, whatever the role (administrators use the console)`, () => {
      for (const [relation, role, who] of everyone()) {
        expect(appointment.can(who, action, record), `${relation} as ${role}`).toBe(allowed.includes(relation));
      }
    });
  }

  it('sideOf names the side, or null for a stranger', () => {
    expect(appointment.sideOf(viewer(PATIENT, 'patient'), record)).toBe('patient');
    expect(appointment.sideOf(viewer(DOCTOR, 'doctor'), record)).toBe('doctor');
    expect(appointment.sideOf(viewer(OTHER, 'admin'), record)).toBeNull();
    // A doctor who booked a colleague is that visit's patient.
    expect(appointment.sideOf(viewer(PATIENT, 'doctor'), record)).toBe('patient');
  });
});

describe('consultation.can', () => {
  const room = { patientId: PATIENT, doctorUserId: DOCTOR };
  const expected: Record<consultation.ConsultationAction, Relation[]> = {
    join: ['patient', 'doctor'],
    end: ['patient', 'doctor'],
    start: ['doctor'],
  };
  for (const [action, allowed] of Object.entries(expected) as [consultation.ConsultationAction, Relation[]][]) {
    it(`${action}: ${allowed.join(' and ')} only`, () => {
      for (const [relation, role, who] of everyone()) {
        expect(consultation.can(who, action, room), `${relation} as ${role}`).toBe(allowed.includes(relation));
      }
    });
  }

  it("roomSideOf reads the side from a loaded room's parties", () => {
    const view = { patient: { id: PATIENT }, doctor: { userId: DOCTOR } };
    expect(consultation.roomSideOf({ id: DOCTOR }, view)).toBe('doctor');
    expect(consultation.roomSideOf({ id: PATIENT }, view)).toBe('patient');
  });
});

describe('visit.can', () => {
  const unshared = { patientId: PATIENT, doctorUserId: DOCTOR, sharedAt: null };
  const shared = { ...unshared, sharedAt: new Date('2026-11-20T10:00:00Z') };
  it('private notes: read and written by the visit’s doctor only — never the patient, never an administrator', () => {
    for (const action of ['read_notes', 'write_notes'] as const) {
      for (const record of [unshared, shared]) {
        for (const [relation, role, who] of everyone()) {
          expect(visit.can(who, action, record), `${action} by ${relation} as ${role}`).toBe(relation === 'doctor');
        }
      }
    }
  });

  it('the summary: its doctor and any administrator; its patient once shared; no other doctor or patient', () => {
    for (const [relation, role, who] of everyone()) {
      const byRole = relation === 'doctor' || role === 'admin';
      expect(visit.can(who, 'read_summary', unshared), `unshared, ${relation} as ${role}`).toBe(byRole);
      expect(visit.can(who, 'read_summary', shared), `shared, ${relation} as ${role}`).toBe(
        byRole || relation === 'patient',
      );
    }
  });
});

describe('email.can', () => {
  it('an administrator reads any message; anyone else only their own', () => {
    const mail = { userId: PATIENT };
    const outside = { userId: null };
    for (const [relation, role, who] of everyone()) {
      expect(email.can(who, 'read', mail), `${relation} as ${role}`).toBe(role === 'admin' || relation === 'patient');
      expect(email.can(who, 'read', outside), `outside address, ${relation} as ${role}`).toBe(role === 'admin');
    }
  });
});

describe('doctor.can and receipt.can', () => {
  it("a doctor row is managed by its own account only (administrators act through the console's commands)", () => {
    for (const [relation, role, who] of everyone()) {
      expect(doctor.can(who, 'manage', { userId: DOCTOR }), `${relation} as ${role}`).toBe(relation === 'doctor');
    }
  });

  it('a receipt is read by its buyer only, administrators included among the others', () => {
    for (const [relation, role, who] of everyone()) {
      expect(receipt.can(who, 'read', { buyerId: PATIENT }), `${relation} as ${role}`).toBe(relation === 'patient');
    }
  });
});

describe('patientRecord.can', () => {
  const now = new Date('2026-11-20T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);
  const visitOf = (over: Partial<patientRecord.VisitWithPatient> = {}): patientRecord.VisitWithPatient => ({
    doctorUserId: DOCTOR,
    status: 'confirmed',
    startsAt: days(3),
    summarySharedAt: null,
    ...over,
  });
  const record = (...visits: patientRecord.VisitWithPatient[]) => ({ patientId: PATIENT, visits });

  it('the patient reads their own, an administrator any, a patient nobody else’s', () => {
    for (const role of ROLES) {
      expect(patientRecord.can(viewer(PATIENT, role), 'read', record(), now)).toBe(true);
      expect(patientRecord.can(viewer(OTHER, role), 'read', record(visitOf()), now)).toBe(role === 'admin');
    }
  });

  it('a doctor from 7 days before a paid visit with them until 30 days after its start or its summary', () => {
    const doc = viewer(DOCTOR, 'doctor');
    const cases: [string, patientRecord.VisitWithPatient, boolean][] = [
      ['confirmed, in 3 days', visitOf(), true],
      ['confirmed, in 7 days', visitOf({ startsAt: days(7) }), true],
      ['confirmed, in 8 days', visitOf({ startsAt: days(8) }), false],
      ['completed 30 days ago', visitOf({ status: 'completed', startsAt: days(-30) }), true],
      ['completed 31 days ago', visitOf({ status: 'completed', startsAt: days(-31) }), false],
      [
        'completed 60 days ago, summary shared 10 days ago',
        visitOf({ status: 'completed', startsAt: days(-60), summarySharedAt: days(-10) }),
        true,
      ],
      ['scheduled today', visitOf({ status: 'scheduled', startsAt: now }), true],
      ['pending (an unpaid hold)', visitOf({ status: 'pending' }), false],
      ['cancelled', visitOf({ status: 'cancelled' }), false],
      ["another doctor's visit", visitOf({ doctorUserId: OTHER }), false],
      // It opens the member's health profile (policies/family-member-profile.ts), not the booker's.
      ['booked for a family member', visitOf({ forFamilyMember: true }), false],
    ];
    for (const [name, v, allowed] of cases) expect(patientRecord.can(doc, 'read', record(v), now), name).toBe(allowed);
    expect(patientRecord.can(doc, 'read', record(), now), 'no visit at all').toBe(false);
  });
});

describe('the SQL scopes say what the predicates say', () => {
  let database: Database;
  const now = new Date('2026-11-20T12:00:00Z');
  const days = (n: number) => new Date(now.getTime() + n * 86_400_000);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('appointmentsWhere and doctorsOwnedBy, for every action and party', async () => {
    const { db } = database;
    const patient = await createUser(db);
    const { user: doctorUser, doctor: row } = await createDoctor(db);
    const stranger = await createUser(db, { userType: 'admin' });
    const booked = await createAppointment(db, { patientId: patient.id, doctorId: row.id, startsAt: days(2) });
    const parties = { patientId: patient.id, doctorUserId: doctorUser.id };
    for (const who of [patient, doctorUser, stranger]) {
      const v = viewer(who.id, who.userType);
      for (const action of ['read', 'join', 'manage_booking', 'manage_book'] as const) {
        const found = await db
          .select({ id: appointments.id })
          .from(appointments)
          .where(and(eq(appointments.id, booked.id), appointment.appointmentsWhere(v, action)));
        expect(found.length === 1, `${action} by ${who.userType}`).toBe(appointment.can(v, action, parties));
      }
      const own = await db.select({ id: doctors.id }).from(doctors).where(doctor.doctorsOwnedBy(v));
      expect(own.map((d) => d.id)).toEqual(doctor.can(v, 'manage', { userId: doctorUser.id }) ? [row.id] : []);
    }
  });

  it('receiptsVisibleTo', async () => {
    const { db } = database;
    const buyer = await createUser(db);
    const other = await createUser(db, { userType: 'admin' });
    const { doctor: row } = await createDoctor(db);
    const bought = await createAppointment(db, { patientId: buyer.id, doctorId: row.id, startsAt: days(1) });
    const payment = await createPayment(db, {
      appointmentId: bought.id,
      patientId: buyer.id,
      purpose: 'appointment',
      amount: bought.fee,
      status: 'succeeded',
    });
    const [issued] = await db
      .insert(receipts)
      .values({
        number: `T-${buyer.id.slice(0, 8)}`,
        year: 2026,
        sequence: Math.floor(Math.random() * 1e9),
        paymentId: payment.id,
        buyerId: buyer.id,
        buyerName: 'Test Buyer',
        buyerEmail: buyer.email,
        item: 'Consultation',
        amount: 1000,
        taxAmount: 0,
        taxRatePercent: 0,
        currency: 'usd',
        issuedAt: now,
      })
      .returning();
    for (const who of [buyer, other]) {
      const v = viewer(who.id, who.userType);
      const found = await db
        .select({ id: receipts.id })
        .from(receipts)
        .where(and(eq(receipts.id, issued.id), receipt.receiptsVisibleTo(v)));
      expect(found.length === 1).toBe(receipt.can(v, 'read', { buyerId: buyer.id }));
    }
  });

  it('patientRecordsVisibleTo at the edges of the window', async () => {
    const { db } = database;
    const cases: [AppointmentStatus, number, number | null][] = [
      ['confirmed', 7, null],
      ['confirmed', 8, null],
      ['completed', -30, null],
      ['completed', -31, null],
      ['completed', -60, -10],
      ['pending', 1, null],
      ['cancelled', 1, null],
    ];
    for (const [status, startIn, sharedIn] of cases) {
      const patient = await createUser(db);
      const { user: doctorUser, doctor: row } = await createDoctor(db);
      const other = await createDoctor(db);
      const startsAt = days(startIn);
      const a = await createAppointment(db, { patientId: patient.id, doctorId: row.id, startsAt, status });
      const summarySharedAt = sharedIn === null ? null : days(sharedIn);
      if (summarySharedAt) await db.insert(visitNotes).values({ appointmentId: a.id, sharedAt: summarySharedAt });
      const record = {
        patientId: patient.id,
        visits: [{ doctorUserId: doctorUser.id, status, startsAt, summarySharedAt }],
      };
      for (const who of [viewer(doctorUser.id, 'doctor'), viewer(other.user.id, 'doctor')]) {
        const [{ visible }] = await db
          .select({
            visible: sql<boolean>`${patientRecord.patientRecordsVisibleTo(who, now, sql`${patient.id}::uuid`)}`,
          })
          .from(sql`(select 1) one`);
        expect(visible, `${status} in ${startIn} days`).toBe(patientRecord.can(who, 'read', record, now));
      }
    }
  });

  it("patientRecordsVisibleTo: a visit booked for a family member does not open the booker's record", async () => {
    const { db } = database;
    const holder = await createUser(db);
    const { user: doctorUser, doctor: row } = await createDoctor(db);
    const [member] = await db
      .insert(familyMembers)
      .values({
        holderId: holder.id,
        firstName: 'Maya',
        lastName: 'Test',
        dateOfBirth: '2018-05-04',
        relationship: 'child',
      })
      .returning();
    const startsAt = days(2);
    await createAppointment(db, {
      patientId: holder.id,
      doctorId: row.id,
      familyMemberId: member.id,
      startsAt,
      status: 'confirmed',
    });
    const [{ visible }] = await db
      .select({
        visible: sql<boolean>`${patientRecord.patientRecordsVisibleTo(viewer(doctorUser.id, 'doctor'), now, sql`${holder.id}::uuid`)}`,
      })
      .from(sql`(select 1) one`);
    expect(visible).toBe(false);
    const visit = { doctorUserId: doctorUser.id, status: 'confirmed', startsAt, summarySharedAt: null } as const;
    const record = { patientId: holder.id, visits: [{ ...visit, forFamilyMember: true }] };
    expect(patientRecord.can(viewer(doctorUser.id, 'doctor'), 'read', record, now)).toBe(false);
  });
});
