import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_TYPE_VALUES } from '@common/constants/consultation-types';
import { NOTIFICATION_PRIORITIES, NOTIFICATION_TYPES } from '@common/constants/notifications';
import { PROFILE_SPECIALTIES } from '@common/constants/specialties';
import {
  APPLICATION_STATUSES,
  APPOINTMENT_STATUSES,
  CONSULTATION_STATUSES,
  EARNING_STATUSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PROFILE_STATUSES,
} from '@common/constants/statuses';
import { USER_TYPES } from '@common/constants/user-types';
import { ACCOUNT_TOKEN_PURPOSES } from '@common/constants/account-tokens';
import { EMAIL_KINDS } from '@common/constants/email';
import { EMERGENCY_RELATIONS, GENDERS, PATIENT_LANGUAGES } from '@common/constants/patient-profile';
import { createTestDatabase } from '../test-support/test-database';
import type { Database } from './client';
import { createAppointment, createDoctor, createPayment, createUser } from './factories';

/**
 * The lists in common/constants are the database's rules too: the migrations' CHECK constraints
 * must hold exactly those values, and the database itself refuses anything else, whoever writes.
 */
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const CHECKS: [constraint: string, values: readonly string[]][] = [
  ['users_user_type_check', USER_TYPES],
  ['doctors_specialty_check', ['', ...PROFILE_SPECIALTIES]],
  ['doctors_profile_status_check', PROFILE_STATUSES],
  ['appointments_status_check', APPOINTMENT_STATUSES],
  ['appointments_consultation_type_check', CONSULTATION_TYPE_VALUES],
  ['payments_status_check', PAYMENT_STATUSES],
  ['earnings_status_check', EARNING_STATUSES],
  ['payouts_status_check', PAYOUT_STATUSES],
  ['consultations_status_check', CONSULTATION_STATUSES],
  ['doctor_applications_status_check', APPLICATION_STATUSES],
  ['notifications_type_check', NOTIFICATION_TYPES],
  ['notifications_priority_check', NOTIFICATION_PRIORITIES],
  ['account_tokens_purpose_check', ACCOUNT_TOKEN_PURPOSES],
  ['email_messages_kind_check', EMAIL_KINDS],
  ['family_member_profiles_gender_check', GENDERS],
  ['family_member_profiles_relation_check', EMERGENCY_RELATIONS],
  ['family_member_profiles_language_check', PATIENT_LANGUAGES],
];

/** The SQLSTATE of a driver error, which drizzle may wrap as the cause. */
function sqlState(error: unknown): string | undefined {
  for (let e = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

async function expectRefused(write: Promise<unknown>, constraint: string) {
  const error = await write.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the write`).not.toBeNull();
  expect(sqlState(error)).toBe('23514'); // check_violation
  expect(JSON.stringify(error, Object.getOwnPropertyNames(error as object)) + String(error)).toContain(constraint);
}

describe('list constraints', () => {
  it('hold exactly the values of the shared lists (the migrations are up to date)', async () => {
    const { rows } = (await database.db.execute(
      sql`select conname, pg_get_constraintdef(oid) as def from pg_constraint where contype = 'c'`,
    )) as unknown as { rows: { conname: string; def: string }[] };
    const defs = new Map(rows.map((r) => [r.conname, r.def]));
    for (const [constraint, values] of CHECKS) {
      const def = defs.get(constraint);
      expect(def, constraint).toBeDefined();
      const allowed = [...def!.matchAll(/'((?:[^']|'')*)'/g)].map((m) => m[1].replaceAll("''", "'"));
      expect(new Set(allowed), constraint).toEqual(new Set(values));
    }
  });

  it('refuse an out-of-list value from any writer', async () => {
    const db = database.db;
    const patient = await createUser(db);
    const { doctor } = await createDoctor(db);
    const appointment = await createAppointment(db, {
      patientId: patient.id,
      doctorId: doctor.id,
      startsAt: new Date('2031-01-06T15:00:00Z'),
    });
    await createPayment(db, {
      appointmentId: appointment.id,
      patientId: patient.id,
      purpose: 'appointment',
      amount: 15000,
      status: 'succeeded',
    });

    await expectRefused(
      db.execute(sql`update users set user_type = 'superuser' where id = ${patient.id}`),
      'users_user_type_check',
    );
    await expectRefused(
      db.execute(sql`update doctors set specialty = 'Astrology' where id = ${doctor.id}`),
      'doctors_specialty_check',
    );
    await expectRefused(
      db.execute(sql`update appointments set status = 'lost' where id = ${appointment.id}`),
      'appointments_status_check',
    );
    await expectRefused(
      db.execute(sql`update appointments set consultation_type = 'phone' where id = ${appointment.id}`),
      'appointments_consultation_type_check',
    );
    await expectRefused(
      db.execute(sql`update payments set status = 'paid' where appointment_id = ${appointment.id}`),
      'payments_status_check',
    );
    await expectRefused(
      db.execute(
        sql`insert into notifications (user_id, type, title, message) values (${patient.id}, 'promo', 'Hi', 'Buy')`,
      ),
      'notifications_type_check',
    );
    await expectRefused(
      db.execute(
        sql`insert into notifications (user_id, type, title, message, priority)
          values (${patient.id}, 'outbreak_alert', 'Hi', 'Flu', 'critical')`,
      ),
      'notifications_priority_check',
    );
  });

  it('let a draft profile have no specialty yet', async () => {
    const { doctor } = await createDoctor(database.db);
    await database.db.execute(sql`update doctors set specialty = '' where id = ${doctor.id}`);
  });
});
