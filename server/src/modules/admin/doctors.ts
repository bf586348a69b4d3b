import { and, asc, desc, eq, inArray, isNotNull, sql, type SQLWrapper } from 'drizzle-orm';
import type { AdminDoctorQuery, AdminDoctorRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { credentialChangesOf } from '../doctor-record/present';
import { cappedCount, offsetOf, pageOf } from '../platform/paging';
import { doctorMatches } from './search';

const rowColumns = {
  id: doctors.id,
  userId: doctors.userId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  specialty: doctors.specialty,
  location: doctors.location,
  country: doctors.country,
  isActive: doctors.isActive,
  isVerified: doctors.isVerified,
  profileStatus: doctors.profileStatus,
  consultationFee: doctors.consultationFee,
  profileCompleteness: doctors.profileCompleteness,
  createdAt: doctors.createdAt,
};

type Columns = Record<
  'id' | 'lastName' | 'firstName' | 'consultationFee' | 'profileCompleteness' | 'createdAt',
  SQLWrapper
>;

function doctorOrder(t: Columns, query: AdminDoctorQuery) {
  const dir = query.dir === 'asc' ? asc : desc;
  if (query.sort === 'name') return [dir(t.lastName), dir(t.firstName), dir(t.id)];
  if (query.sort === 'fee') return [dir(t.consultationFee), dir(t.id)];
  if (query.sort === 'completeness') return [dir(t.profileCompleteness), dir(t.id)];
  return [dir(t.createdAt), dir(t.id)];
}

type Row = {
  [K in keyof typeof rowColumns]: K extends 'createdAt' ? Date : AdminDoctorRow[K & keyof AdminDoctorRow] | string;
};

const present = ({ firstName, lastName, email, createdAt: _createdAt, ...r }: Row): AdminDoctorRow =>
  ({ ...r, user: { firstName, lastName, email }, credentialChanges: [] }) as AdminDoctorRow;

/** The page's doctors with their credential changes waiting for review (few have any). */
async function withCredentialChanges(db: Db, rows: AdminDoctorRow[]): Promise<AdminDoctorRow[]> {
  if (rows.length === 0) return rows;
  const pending = await db
    .select()
    .from(doctors)
    .where(
      and(
        inArray(
          doctors.id,
          rows.map((r) => r.id),
        ),
        isNotNull(doctors.pendingCredentials),
      ),
    );
  const changes = new Map(pending.map((d) => [d.id, credentialChangesOf(d)]));
  return rows.map((r) => ({ ...r, credentialChanges: changes.get(r.id) ?? [] }));
}

/**
 * Every doctor, listed or not, searched by the doctor's name or e-mail. A search matches the
 * doctor rows' own copies of those, so it counts and sorts the matches without touching accounts
 * (sorting by name still needs them) and joins the accounts of the page's rows only. An
 * unsearched page walks an index.
 */
export async function listDoctors(db: Db, query: AdminDoctorQuery): Promise<Page<AdminDoctorRow>> {
  const offset = offsetOf(query.page, query.pageSize);
  const where = query.q ? doctorMatches(query.q) : undefined;
  const joined = () => db.select(rowColumns).from(doctors).innerJoin(users, eq(users.id, doctors.userId));
  const countAll = () =>
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(doctors)
        .where(where),
    );
  if (where) {
    // The count is taken in a subquery and sorted outside it: with the window and the order at one
    // level the planner walks the sort's index to the end, testing every doctor.
    const byName = query.sort === 'name';
    const keys = {
      id: doctors.id,
      consultationFee: doctors.consultationFee,
      profileCompleteness: doctors.profileCompleteness,
      createdAt: doctors.createdAt,
      lastName: byName ? users.lastName : doctors.searchName,
      firstName: byName ? users.firstName : doctors.searchName,
      total: sql<number>`count(*) over ()`.mapWith(Number).as('total'),
    };
    const base = byName
      ? db.select(keys).from(doctors).innerJoin(users, eq(users.id, doctors.userId))
      : db.select(keys).from(doctors);
    const matches = base.where(where).as('matches');
    const page = await db
      .select({ id: matches.id, total: matches.total })
      .from(matches)
      .orderBy(...doctorOrder(matches, query))
      .limit(query.pageSize)
      .offset(offset);
    const count = page.length ? { total: page[0].total, totalCapped: false } : await countAll();
    const rows = page.length
      ? await joined().where(
          inArray(
            doctors.id,
            page.map((p) => p.id),
          ),
        )
      : [];
    const byId = new Map(rows.map((r) => [r.id, r]));
    return pageOf(
      await withCredentialChanges(
        db,
        page.map((p) => present(byId.get(p.id) as Row)),
      ),
      count,
      query.page,
      query.pageSize,
    );
  }
  const [rows, count] = await Promise.all([
    joined()
      .orderBy(...doctorOrder({ ...rowColumns }, query))
      .limit(query.pageSize)
      .offset(offset),
    countAll(),
  ]);
  return pageOf(
    await withCredentialChanges(
      db,
      rows.map((r) => present(r as Row)),
    ),
    count,
    query.page,
    query.pageSize,
  );
}
