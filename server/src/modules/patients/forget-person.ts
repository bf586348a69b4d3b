import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  accountTokens,
  appointments,
  doctors,
  emailMessages,
  jobs,
  notifications,
  walletEntries,
  type NotificationValues,
} from '../../db/schema';
import { appointmentsBookedBy } from '../../policies/appointment';

/**
 * What names a person who deletes their account in rows that are not theirs: the doctors' bells,
 * the job queue's history and the wallet's notes. Each function runs inside the deletion's
 * transaction; the rows stay (the doctor's record of what happened, the administrators' view of
 * the queue, the accounts) without the name or the addresses.
 */

/** Every address the account is known to have had: the current one, and those its mail named. */
export async function addressesOf(tx: Db, userId: string, current: string): Promise<string[]> {
  const found = new Set([current.toLowerCase()]);
  const mine = sql`${jobs.payload}->>'userId' = ${userId}`;
  const rows = await tx
    .select({
      old: sql<string | null>`${jobs.payload}->>'oldEmail'`,
      next: sql<string | null>`${jobs.payload}->>'newEmail'`,
    })
    .from(jobs)
    .where(mine);
  const pending = await tx
    .select({ next: accountTokens.newEmail })
    .from(accountTokens)
    .where(and(eq(accountTokens.userId, userId), isNotNull(accountTokens.newEmail)));
  for (const address of [...rows.flatMap((r) => [r.old, r.next]), ...pending.map((p) => p.next)]) {
    if (address) found.add(address.toLowerCase());
  }
  return [...found];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** `value` (any JSON) with every case-insensitive occurrence of a needle replaced. */
export function scrubbed<T>(value: T, needles: readonly string[], replacement: string): T {
  const words = needles.filter((n) => n.trim().length > 0);
  if (words.length === 0) return value;
  const pattern = new RegExp(words.map(escapeRegExp).join('|'), 'gi');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(pattern, replacement);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/**
 * The doctors' notifications about this patient's appointments no longer name them: those whose
 * `patient` value is the person's name, or whose time is one of their appointments with that
 * doctor (the name may have been an earlier one). Written in the deletion's own transaction, the
 * cancellations it just announced included. Older rows without values are matched by the name in
 * their English text.
 */
export async function unnameInDoctorsBells(tx: Db, patientId: string, fullName: string, placeholder: string) {
  const visits = await tx
    .select({ doctorUserId: doctors.userId, startsAt: appointments.startsAt })
    .from(appointments)
    .innerJoin(doctors, eq(doctors.id, appointments.doctorId))
    .where(appointmentsBookedBy({ id: patientId }));
  if (visits.length === 0) return 0;
  const doctorUserIds = [...new Set(visits.map((v) => v.doctorUserId))];
  const starts = visits.map((v) => v.startsAt.toISOString());
  const atOneOf = (key: string) => sql`${notifications.values}->${key}->>'at' in ${starts}`;
  const candidates = await tx
    .select()
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, doctorUserIds),
        or(
          and(
            sql`${notifications.values} ? 'patient'`,
            or(sql`${notifications.values}->>'patient' = ${fullName}`, atOneOf('when'), atOneOf('from'), atOneOf('to')),
          ),
          and(sql`${notifications.values} is null`, sql`position(${fullName} in ${notifications.message}) > 0`),
        ),
      ),
    );
  for (const row of candidates) {
    const values = row.values as NotificationValues | null;
    const named = typeof values?.patient === 'string' ? values.patient : fullName;
    if (!named.trim()) continue;
    await tx
      .update(notifications)
      .set({
        title: row.title && scrubbed(row.title, [named], placeholder),
        message: row.message && scrubbed(row.message, [named], placeholder),
        values: values ? { ...values, patient: placeholder } : null,
      })
      .where(eq(notifications.id, row.id));
  }
  return candidates.length;
}

/**
 * The job queue keeps its history without the person: waiting mail to one of their addresses is
 * dropped; finished jobs (done, dead, dropped) keep their row with the addresses and name in the
 * payload and the last error written over. A running job is left to finish.
 */
export async function unnameInJobs(
  tx: Db,
  userId: string,
  addresses: readonly string[],
  fullName: string,
  placeholder: { address: string; name: string },
) {
  const byAddress = (key: string) => sql`lower(${jobs.payload}->>${key}) in ${addresses}`;
  const naming = or(
    sql`${jobs.payload}->>'userId' = ${userId}`,
    byAddress('email'),
    byAddress('oldEmail'),
    byAddress('newEmail'),
    ...addresses.map((a) => sql`${jobs.lastError} ilike ${`%${a}%`}`),
  );
  await tx.delete(jobs).where(and(eq(jobs.status, 'queued'), naming));
  const finished = await tx
    .select({ id: jobs.id, payload: jobs.payload, lastError: jobs.lastError })
    .from(jobs)
    .where(and(ne(jobs.status, 'running'), ne(jobs.status, 'queued'), naming));
  const scrub = <T>(value: T) =>
    scrubbed(scrubbed(value, addresses, placeholder.address), [fullName], placeholder.name);
  for (const job of finished) {
    await tx
      .update(jobs)
      .set({ payload: scrub(job.payload), lastError: job.lastError === null ? null : scrub(job.lastError) })
      .where(eq(jobs.id, job.id));
  }
}

/** Stored copies of mail to any of the person's addresses go, as the privacy page says. */
export async function dropMailTo(tx: Db, addresses: readonly string[]) {
  await tx.delete(emailMessages).where(sql`lower(${emailMessages.toAddress}) in ${addresses}`);
}

/** Wallet lines keep amounts and dates; the note an administrator wrote beside a credit goes. */
export async function unnameWalletNotes(tx: Db, userId: string) {
  await tx
    .update(walletEntries)
    .set({ memo: null })
    .where(and(eq(walletEntries.userId, userId), isNotNull(walletEntries.memo)));
}
