import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { EMAIL_STATUSES, JOB_STATUSES } from '@common/constants/email';
import { REPORT_PURCHASE_STATUSES } from '@common/constants/outbreak';
import { OUTCOME_HOLD_STATUSES } from '@common/constants/visit-outcomes';
import { WAITLIST_STATUSES } from '@common/constants/waitlist';
import {
  APPOINTMENT_STATUSES,
  CONSULTATION_STATUSES,
  EARNING_STATUSES,
  PAYMENT_STATUSES,
  PAYOUT_STATUSES,
  PROFILE_STATUSES,
  PROPOSAL_STATUSES,
  REFERRAL_STATUSES,
} from '@common/constants/statuses';
import * as schema from './db/schema';
import { APPOINTMENT_MOVES, PROPOSAL_MOVES } from './modules/appointments/moves';
import { CONSULTATION_MOVES } from './modules/consultations/moves';
import { OUTCOME_HOLD_MOVES } from './modules/disputes/moves';
import { DOCTOR_ACTIVE_MOVES, DOCTOR_VERIFIED_MOVES, PROFILE_STATUS_MOVES } from './modules/doctor-verification/moves';
import { EARNING_MOVES, PAYOUT_MOVES } from './modules/earnings/moves';
import { JOB_MOVES } from './modules/jobs/moves';
import { EMAIL_MOVES } from './modules/mail/moves';
import { REPORT_PURCHASE_MOVES } from './modules/outbreak/moves';
import { PAYMENT_MOVES } from './modules/payments/moves';
import { USER_ACTIVE_MOVES, USER_VERIFIED_MOVES } from './modules/platform/account-moves';
import type { MoveTable, StateMachine, StateValue } from './modules/platform/state-machine';
import { REFERRAL_MOVES } from './modules/referrals/moves';
import { WAITLIST_MOVES } from './modules/waitlist/moves';

const FLAG = [true, false] as const;

function machine<S extends StateValue>(
  table: PgTable,
  column: PgColumn,
  states: readonly S[],
  moves: MoveTable<S>,
): StateMachine {
  return { table: getTableConfig(table).name, column: column.name, states, moves };
}

/**
 * Every state column the database guards, with its owner's move table (decision 071). The
 * migration gives each of these tables the `guard_state_transition` trigger; `syncStateTransitions`
 * writes these moves into `state_transitions` after every migration run. A new move is an entry in
 * its module's table, nothing more; a new state column is a line here and a trigger in a migration.
 */
export const STATE_MACHINES: readonly StateMachine[] = [
  machine(schema.appointments, schema.appointments.status, APPOINTMENT_STATUSES, APPOINTMENT_MOVES),
  machine(schema.appointmentProposals, schema.appointmentProposals.status, PROPOSAL_STATUSES, PROPOSAL_MOVES),
  machine(schema.payments, schema.payments.status, PAYMENT_STATUSES, PAYMENT_MOVES),
  machine(schema.earnings, schema.earnings.status, EARNING_STATUSES, EARNING_MOVES),
  machine(schema.payouts, schema.payouts.status, PAYOUT_STATUSES, PAYOUT_MOVES),
  machine(schema.referrals, schema.referrals.status, REFERRAL_STATUSES, REFERRAL_MOVES),
  machine(schema.doctors, schema.doctors.isVerified, FLAG, DOCTOR_VERIFIED_MOVES),
  machine(schema.doctors, schema.doctors.isActive, FLAG, DOCTOR_ACTIVE_MOVES),
  machine(schema.doctors, schema.doctors.profileStatus, PROFILE_STATUSES, PROFILE_STATUS_MOVES),
  machine(schema.consultations, schema.consultations.status, CONSULTATION_STATUSES, CONSULTATION_MOVES),
  machine(schema.emailMessages, schema.emailMessages.status, EMAIL_STATUSES, EMAIL_MOVES),
  machine(schema.reportPurchases, schema.reportPurchases.status, REPORT_PURCHASE_STATUSES, REPORT_PURCHASE_MOVES),
  machine(schema.jobs, schema.jobs.status, JOB_STATUSES, JOB_MOVES),
  machine(schema.users, schema.users.isActive, FLAG, USER_ACTIVE_MOVES),
  machine(schema.users, schema.users.isVerified, FLAG, USER_VERIFIED_MOVES),
  machine(schema.outcomeHolds, schema.outcomeHolds.status, OUTCOME_HOLD_STATUSES, OUTCOME_HOLD_MOVES),
  machine(schema.waitlistEntries, schema.waitlistEntries.status, WAITLIST_STATUSES, WAITLIST_MOVES),
];
