import { asc, desc, eq, sql, type SQLWrapper } from 'drizzle-orm';
import type { AdminDoctorQuery, AdminDoctorRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { cappedCount, offsetOf, pageOf } from './paging';
import { personMatches } from './search';

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
  ({ ...r, user: { firstName, lastName, email } }) as AdminDoctorRow;

/**
 * Every doctor, listed or not, searched by the doctor's name or e-mail. As for users: a search
 * collects its matches (with their count) in a subquery and sorts them; an unsearched page walks an index.
 */
export async function listDoctors(db: Db, query: AdminDoctorQuery): Promise<Page<AdminDoctorRow>> {
  const offset = offsetOf(query.page, query.pageSize);
  const joined = () => db.select(rowColumns).from(doctors).innerJoin(users, eq(users.id, doctors.userId));
  const countAll = (q?: string) =>
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(doctors)
        .innerJoin(users, eq(users.id, doctors.userId))
        .where(q ? personMatches(q) : undefined),
    );
  if (query.q) {
    const matches = db
      .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number).as('total') })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(personMatches(query.q))
      .as('matches');
    const found = await db
      .select()
      .from(matches)
      .orderBy(...doctorOrder(matches, query))
      .limit(query.pageSize)
      .offset(offset);
    const count = found.length ? { total: found[0].total, totalCapped: false } : await countAll(query.q);
    return pageOf(
      found.map(({ total: _total, ...r }) => present(r as Row)),
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
    rows.map((r) => present(r as Row)),
    count,
    query.page,
    query.pageSize,
  );
}
