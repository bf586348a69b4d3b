import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_STATUSES, PENDING_PAYMENT_STATUSES } from '@common/constants/statuses';
import type { Database, Db } from '../../db/client';
import { createAppointment, createDoctor, createPayment, createUser } from '../../db/factories';
import { rowsOf } from '../../db/rows';
import { appointments, payments, receipts } from '../../db/schema';
import { refusal } from '../../test-support/refusal';
import { createTestDatabase } from '../../test-support/test-database';
import { adminStats } from './stats';

/**
 * Issue 39: the stat cards read counts the tables' triggers keep (migration 0065) instead of
 * counting every row per request. Whatever happens to the rows, the cards must equal a count of
 * the tables by the meanings the migration gives.
 */
let database: Database;
let db: Db;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
});
afterAll(() => database.close());

// Written out, not taken from PENDING_PAYMENT_STATUSES: the card must keep this meaning.
const PENDING = `('requires_payment_method', 'requires_confirmation', 'requires_action', 'processing', 'requires_capture', 'refund_pending')`;

/** The four counts as a full scan finds them, the way the cards used to. */
async function counted(tx: Db) {
  const [row] = rowsOf<Record<string, number>>(
    await tx.execute(
      sql.raw(`select
        (select count(*) from appointments)::int as "totalAppointments",
        (select count(*) from receipts)::int as "receiptsIssued",
        (select count(*) from payments where status = 'succeeded' and appointment_id is not null)::int as "paidConsultations",
        (select count(*) from payments where status in ${PENDING})::int as "pendingPayments"`),
    ),
  );
  return row;
}

async function cards(tx: Db) {
  const { totalAppointments, receiptsIssued, paidConsultations, pendingPayments } = await adminStats(tx);
  return { totalAppointments, receiptsIssued, paidConsultations, pendingPayments };
}

/** Rolls back whatever `work` did, after it has looked. */
async function rolledBack(work: (tx: Db) => Promise<void>) {
  const done = new Error('rolled back on purpose');
  await expect(
    db.transaction(async (tx) => {
      await work(tx as unknown as Db);
      throw done;
    }),
  ).rejects.toBe(done);
}

describe("the admin's stat cards", () => {
  it('follow inserts, status moves and deletes of appointments and payments', async () => {
    const patient = await createUser(db);
    const { doctor } = await createDoctor(db, { doctor: { isVerified: true, isActive: true } });
    const at = (day: number) => new Date(Date.UTC(2031, 2, day, 15));
    const visits = [];
    for (const day of [3, 4, 5])
      visits.push(await createAppointment(db, { patientId: patient.id, doctorId: doctor.id, startsAt: at(day) }));
    const pay = (appointmentId: string | null, status: typeof payments.$inferInsert.status) =>
      createPayment(db, { appointmentId, patientId: patient.id, purpose: 'appointment', amount: 15000, status });
    const paid = await pay(visits[0].id, 'succeeded');
    await db.insert(receipts).values({
      number: 'MED-2031-000001',
      year: 2031,
      sequence: 1,
      paymentId: paid.id,
      buyerId: patient.id,
      buyerName: 'Row Counter',
      buyerEmail: patient.email,
      item: 'Consultation',
      amount: 15000,
      currency: 'usd',
      issuedAt: at(3),
    });
    const open = await pay(visits[1].id, 'requires_payment_method');
    const processing = await pay(visits[2].id, 'processing');
    expect(await cards(db)).toEqual(await counted(db));
    expect(await cards(db)).toMatchObject({ paidConsultations: 1, receiptsIssued: 1, totalAppointments: 3 });

    // An open checkout moves between open states (still pending), then is abandoned (no longer).
    await db.update(payments).set({ status: 'requires_action' }).where(eq(payments.id, open.id));
    await db.update(payments).set({ status: 'canceled' }).where(eq(payments.id, open.id));
    expect(await cards(db)).toEqual(await counted(db));

    // Succeeding leaves pending and enters paid; the ledger's commit check is not this test's, so roll back.
    await rolledBack(async (tx) => {
      const before = await cards(tx);
      await tx.update(payments).set({ status: 'succeeded' }).where(eq(payments.id, processing.id));
      const after = await cards(tx);
      expect(after).toEqual(await counted(tx));
      expect([
        after.paidConsultations - before.paidConsultations,
        after.pendingPayments - before.pendingPayments,
      ]).toEqual([1, -1]);
    });

    // A visit with nothing attached can go; the count follows.
    const spare = await createAppointment(db, { patientId: patient.id, doctorId: doctor.id, startsAt: at(9) });
    expect(await cards(db)).toEqual(await counted(db));
    await db.delete(appointments).where(eq(appointments.id, spare.id));
    expect(await cards(db)).toEqual(await counted(db));
  });

  it('are emptied with the tables a truncate empties', async () => {
    await rolledBack(async (tx) => {
      await tx.execute(sql`truncate appointments, payments, receipts cascade`);
      expect(await cards(tx)).toEqual({
        totalAppointments: 0,
        receiptsIssued: 0,
        paidConsultations: 0,
        pendingPayments: 0,
      });
    });
  });

  it('count pending payments by the same statuses as the partial index holds', async () => {
    const [{ predicate }] = rowsOf<{ predicate: string }>(
      await db.execute(
        sql`select pg_get_expr(indpred, indrelid) as predicate from pg_index where indexrelid = 'payments_pending_idx'::regclass`,
      ),
    );
    const named = PAYMENT_STATUSES.filter((status) => predicate.includes(`'${status}'`));
    expect(named).toEqual([...PENDING_PAYMENT_STATUSES]);
  });

  it('refuse a statement that writes the counts directly', async () => {
    const before = await cards(db);
    const attempts = [
      sql`insert into row_counts (name, stripe, n) values ('appointments', 99, 1000000)`,
      sql`update row_counts set n = n + 1000000`,
      sql`delete from row_counts`,
      sql`select row_counts_add('receipts', 1000000)`,
    ];
    for (const statement of attempts)
      expect(await refusal(db.execute(statement))).toContain('written by the counted tables only');
    expect(await cards(db)).toEqual(before);
  });
});
