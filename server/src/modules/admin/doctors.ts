import { asc, desc, eq, sql } from 'drizzle-orm';
import type { AdminDoctorQuery, AdminDoctorRow, Page } from '@common/schemas/admin';
import type { Db } from '../../db/client';
import { doctors, users } from '../../db/schema';
import { cappedCount, offsetOf, pageOf } from './paging';
import { personMatches } from './search';

/** Every doctor, listed or not, searched by the doctor's name or e-mail. */
export async function listDoctors(db: Db, query: AdminDoctorQuery): Promise<Page<AdminDoctorRow>> {
  const where = query.q ? personMatches(query.q) : undefined;
  const dir = query.dir === 'asc' ? asc : desc;
  const order =
    query.sort === 'name'
      ? [dir(users.lastName), dir(users.firstName), dir(doctors.id)]
      : query.sort === 'fee'
        ? [dir(doctors.consultationFee), dir(doctors.id)]
        : query.sort === 'completeness'
          ? [dir(doctors.profileCompleteness), dir(doctors.id)]
          : [dir(doctors.createdAt), dir(doctors.id)];
  const [rows, count] = await Promise.all([
    db
      .select({
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
      })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset(offsetOf(query.page, query.pageSize)),
    cappedCount(
      db,
      db
        .select({ one: sql`1` })
        .from(doctors)
        .innerJoin(users, eq(users.id, doctors.userId))
        .where(where),
    ),
  ]);
  const items = rows.map(({ firstName, lastName, email, ...r }) => ({ ...r, user: { firstName, lastName, email } }));
  return pageOf(items, count, query.page, query.pageSize);
}
