import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { SETTLED_PAYMENT_STATUSES } from '@common/constants/statuses';
import { TREATING_MONTHS } from '@common/constants/care';
import { appointments, payments } from '../db/schema';

/*
 * Who is whose patient, as conversations and documents ask it (issue 41). Both are SQL over a
 * patient (a users id) and a doctor (a doctors id), each a column or a value.
 */

type Ref = AnyPgColumn | SQL | string;
const ref = (value: Ref) => (typeof value === 'string' ? sql`${value}::uuid` : value);

/**
 * A paid visit of this patient with this doctor, whatever became of it: any status but an unpaid
 * hold. A cancelled appointment counts when it was paid (its payment settled, refunded or not);
 * a hold that lapsed unpaid does not. `bookedAfter`: only a visit booked after that instant (a
 * conversation the doctor closed opens again for the patient with a new visit).
 */
export function paidVisitBetween(patientId: Ref, doctorId: Ref, bookedAfter?: Date): SQL {
  const settled = sql.raw(SETTLED_PAYMENT_STATUSES.map((s) => `'${s}'`).join(', '));
  const after = bookedAfter ? sql`and ${appointments.createdAt} > ${bookedAfter.toISOString()}::timestamptz` : sql``;
  return sql`exists (
    select 1 from ${appointments}
    where ${appointments.patientId} = ${ref(patientId)} and ${appointments.doctorId} = ${ref(doctorId)} ${after}
      and (${appointments.status} in ('confirmed', 'scheduled', 'completed', 'no-show')
        or (${appointments.status} = 'cancelled' and exists (
          select 1 from ${payments}
          where ${payments.appointmentId} = ${appointments.id} and ${payments.status} in (${settled}))))
  )`;
}

/**
 * The doctor is treating the patient at `now`: a paid visit (held, confirmed or done) that started
 * at most TREATING_MONTHS ago or is still ahead. A cancelled or missed visit treats nobody.
 */
export function treating(patientId: Ref, doctorId: Ref, now: Date): SQL {
  return sql`exists (
    select 1 from ${appointments}
    where ${appointments.patientId} = ${ref(patientId)} and ${appointments.doctorId} = ${ref(doctorId)}
      and ${appointments.status} in ('confirmed', 'scheduled', 'completed')
      and ${appointments.startsAt} >= ${now.toISOString()}::timestamptz - make_interval(months => ${TREATING_MONTHS})
  )`;
}

/** The doctors row of an account, as SQL (null for an account that is no doctor). */
export const doctorIdOfUser = (userId: string): SQL =>
  sql`(select own_doctor.id from doctors own_doctor where own_doctor.user_id = ${userId})`;
