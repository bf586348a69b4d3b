import { and, asc, desc, eq, inArray, ne, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AdminUserQuery, AdminUserRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { payments, sessions, users } from '../../db/schema';
import { localizedError, notFound } from '../../core/errors';
import { type AuditActor, recordAudit } from '../audit/record';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';
import { personMatches } from './search';
import { moveWallet } from '../wallet/moves';

/** What each user paid and kept paid (succeeded payments less refunds), in cents. */
async function totalsSpent(db: Db, userIds: string[]): Promise<Map<string, number>> {
  if (!userIds.length) return new Map();
  const rows = await db
    .select({
      userId: payments.patientId,
      spent: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedAmount}), 0)::int`,
    })
    .from(payments)
    .where(and(inArray(payments.patientId, userIds), eq(payments.status, 'succeeded')))
    .groupBy(payments.patientId);
  return new Map(rows.map((r) => [r.userId, Number(r.spent)]));
}

type UserColumns = Record<'id' | 'firstName' | 'lastName' | 'email' | 'createdAt', SQLWrapper>;

function userOrder(t: UserColumns, query: AdminUserQuery) {
  const dir = query.dir === 'asc' ? asc : desc;
  if (query.sort === 'name') return [dir(t.lastName), dir(t.firstName), dir(t.id)];
  if (query.sort === 'email') return [dir(t.email)];
  return [dir(t.createdAt), dir(t.id)];
}

const rowColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userType: users.userType,
  isActive: users.isActive,
  isVerified: users.isVerified,
  createdAt: users.createdAt,
  walletBalance: users.walletBalance,
};

/**
 * Unsearched, a page walks the sort's index. Searched, the matches are collected first (the
 * subquery's window count also keeps the planner from walking the date index and testing every
 * row, which is slow when the matches are all old) and sorted, the total counted in the same pass.
 */
export async function listUsers(db: Db, query: AdminUserQuery): Promise<Page<AdminUserRow>> {
  const filters: SQL[] = [];
  if (query.q) filters.push(personMatches(query.q));
  if (query.userType) filters.push(eq(users.userType, query.userType));
  const where = filters.length ? and(...filters) : undefined;
  const offset = offsetOf(query.page, query.pageSize);
  let rows: UserListRow[];
  let count: { total: number; totalCapped: boolean };
  if (query.q) {
    const matches = db
      .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
      .from(users)
      .where(where)
      .as('matches');
    const found = await db
      .select()
      .from(matches)
      .orderBy(...userOrder(matches, query))
      .limit(query.pageSize)
      .offset(offset);
    rows = found;
    count = found.length
      ? { total: found[0].total, totalCapped: false }
      : await cappedCount(
          db,
          db
            .select({ one: sql`1` })
            .from(users)
            .where(where),
        );
  } else {
    [rows, count] = await Promise.all([
      db
        .select(rowColumns)
        .from(users)
        .where(where)
        .orderBy(...userOrder(users, query))
        .limit(query.pageSize)
        .offset(offset),
      cappedCount(
        db,
        db
          .select({ one: sql`1` })
          .from(users)
          .where(where),
      ),
    ]);
  }
  return pageOf(await withMoney(db, rows as UserListRow[]), count, query.page, query.pageSize);
}

type UserListRow = Omit<AdminUserRow, 'createdAt' | 'totalSpent'> & { createdAt: Date };

async function withMoney(db: Db, rows: UserListRow[]): Promise<AdminUserRow[]> {
  const ids = rows.map((r) => r.id);
  const spent = await totalsSpent(db, ids);
  return rows.map((r) => ({
    id: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    userType: r.userType,
    isActive: r.isActive,
    isVerified: r.isVerified,
    createdAt: r.createdAt.toISOString(),
    walletBalance: r.walletBalance,
    totalSpent: spent.get(r.id) ?? 0,
  }));
}

async function present(db: Db, userId: string): Promise<AdminUserRow> {
  const [row] = await db.select(rowColumns).from(users).where(eq(users.id, userId));
  return (await withMoney(db, [row]))[0];
}

/**
 * Deactivating ends every session of the user in the same transaction, so their next request is
 * refused; signing in is refused while inactive. An administrator cannot deactivate themselves,
 * and the last active administrator cannot be deactivated (the lock on admins makes two admins
 * deactivating each other at once leave one).
 */
export async function setUserActive(
  db: Db,
  actor: AuditActor,
  userId: string,
  isActive: boolean,
  now: Date,
): Promise<AdminUserRow> {
  if (!isActive && actor.id === userId) {
    throw localizedError('bad_request', 'errors.cannotDeactivateOwnAccount', undefined, {
      isActive: { key: 'errors.field.cannotDeactivateSelf' },
    });
  }
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    if (!isActive && target.userType === 'admin' && target.isActive) {
      const others = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.userType, 'admin'), eq(users.isActive, true), ne(users.id, userId)))
        .for('update');
      if (!others.length) throw localizedError('conflict', 'errors.lastActiveAdministratorCannot');
    }
    if (target.isActive === isActive) return present(tx, userId);
    await tx.update(users).set({ isActive, updatedAt: now }).where(eq(users.id, userId));
    if (!isActive) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAudit(
      tx,
      actor,
      {
        action: 'user.status',
        target: { type: 'user', id: userId },
        subjectUserId: userId,
        before: { isActive: target.isActive },
        after: { isActive },
      },
      now,
    );
    return present(tx, userId);
  });
}

export async function setUserVerified(
  db: Db,
  actor: AuditActor,
  userId: string,
  isVerified: boolean,
  now: Date,
): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!target) throw notFound('User');
    if (target.isVerified !== isVerified) {
      await tx.update(users).set({ isVerified, updatedAt: now }).where(eq(users.id, userId));
      await recordAudit(
        tx,
        actor,
        {
          action: 'user.verify',
          target: { type: 'user', id: userId },
          subjectUserId: userId,
          before: { isVerified: target.isVerified },
          after: { isVerified },
        },
        now,
      );
    }
    return present(tx, userId);
  });
}

/**
 * A goodwill credit from an administrator into a patient's wallet: one wallet line with the reason
 * the patient reads (and a ledger transfer from the goodwill account), audited with the amount and
 * the line's id (not the reason, which may name the person and is erased with their account).
 */
export async function creditWallet(
  db: Db,
  actor: AuditActor,
  userId: string,
  credit: { amount: number; reason: string },
  now: Date,
): Promise<AdminUserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, userId));
    if (!target) throw notFound('User');
    if (target.userType !== 'patient' || target.deletedAt) {
      throw localizedError('conflict', 'errors.existingPatientAccountWallet');
    }
    const entry = await moveWallet(
      tx,
      { userId, amount: credit.amount, reason: 'goodwill_credit', memo: credit.reason },
      now,
    );
    await recordAudit(
      tx,
      actor,
      {
        action: 'wallet.credit',
        target: { type: 'user', id: userId },
        subjectUserId: userId,
        before: { walletBalance: target.walletBalance },
        // The reason is the wallet line's note, which names the person and goes with their
        // account; the append-only trail keeps the line's id.
        after: { walletBalance: target.walletBalance + credit.amount, amount: credit.amount, walletEntryId: entry?.id },
      },
      now,
    );
    return present(tx, userId);
  });
}
