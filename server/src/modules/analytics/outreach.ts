import { and, count, desc, gte, lte, sql, type SQL } from 'drizzle-orm';
import { ANALYTICS_RANGE_DAYS, type AnalyticsRange } from '@common/constants/admin';
import type { Outreach } from '@common/schemas/analytics';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/rows';
import { doctorApplications, referrals, users } from '../../db/schema';

const LIST_LIMIT = 50;
const DAY_MS = 86_400_000;

/** The range's first instant: midnight UTC of the first of its N days, today included. */
export function rangeStart(range: AnalyticsRange, now: Date): Date {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return new Date(today - (ANALYTICS_RANGE_DAYS[range] - 1) * DAY_MS);
}

/** One row per UTC day of the range with that day's count, days without rows included as 0. */
async function perDay(db: Db, tableSql: SQL, from: Date, now: Date) {
  const result = await db.execute<{ date: string; count: number }>(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, count(t.created_at)::int as count
    from generate_series(${from.toISOString()}::timestamptz at time zone 'UTC', ${now.toISOString()}::timestamptz at time zone 'UTC', interval '1 day') as d(day)
    left join ${tableSql} t
      on t.created_at >= d.day at time zone 'UTC' and t.created_at < (d.day + interval '1 day') at time zone 'UTC'
      and t.created_at <= ${now.toISOString()}::timestamptz
    group by d.day
    order by d.day`);
  return rowsOf<{ date: string; count: number }>(result).map((r) => ({
    date: r.date,
    count: Number(r.count),
  }));
}

/**
 * The outreach picture for the range, computed in SQL from the applications, referrals and
 * sign-ups created in it.
 */
export async function outreach(db: Db, range: AnalyticsRange, now: Date): Promise<Outreach> {
  const from = rangeStart(range, now);
  const inRange = (column: AnyPgColumn) => and(gte(column, from), lte(column, now));
  const appsIn = inRange(doctorApplications.createdAt);
  const refsIn = inRange(referrals.createdAt);

  const [[apps], [refs], [signUps], bySpecialty, applications, referralRows, appsDaily, refsDaily, usersDaily] =
    await Promise.all([
      db
        .select({
          total: sql<number>`count(*)::int`,
          approved: sql<number>`(count(*) filter (where ${doctorApplications.status} in ('approved', 'completed')))::int`,
          pending: sql<number>`(count(*) filter (where ${doctorApplications.status} = 'pending'))::int`,
          rejected: sql<number>`(count(*) filter (where ${doctorApplications.status} = 'rejected'))::int`,
        })
        .from(doctorApplications)
        .where(appsIn),
      db
        .select({
          total: sql<number>`count(*)::int`,
          // Held counts: the friend has qualified; only the reward waits out the hold (decision 060).
          converted: sql<number>`(count(*) filter (where ${referrals.status} in ('completed', 'held', 'rewarded')))::int`,
          rewards: sql<number>`coalesce(sum(${referrals.rewardAmount}) filter (where ${referrals.status} = 'rewarded'), 0)::int`,
          patient: sql<number>`(count(*) filter (where ${referrals.referralType} = 'patient'))::int`,
          doctor: sql<number>`(count(*) filter (where ${referrals.referralType} = 'doctor'))::int`,
        })
        .from(referrals)
        .where(refsIn),
      db.select({ n: count() }).from(users).where(inRange(users.createdAt)),
      db
        .select({ specialty: doctorApplications.specialty, count: sql<number>`count(*)::int` })
        .from(doctorApplications)
        .where(appsIn)
        .groupBy(doctorApplications.specialty)
        .orderBy(desc(sql`count(*)`), doctorApplications.specialty),
      db
        .select({
          id: doctorApplications.id,
          firstName: doctorApplications.firstName,
          lastName: doctorApplications.lastName,
          specialty: doctorApplications.specialty,
          status: doctorApplications.status,
          createdAt: doctorApplications.createdAt,
        })
        .from(doctorApplications)
        .where(appsIn)
        .orderBy(desc(doctorApplications.createdAt))
        .limit(LIST_LIMIT),
      db
        .select({
          id: referrals.id,
          referralType: referrals.referralType,
          referredEmail: referrals.referredEmail,
          status: referrals.status,
          createdAt: referrals.createdAt,
        })
        .from(referrals)
        .where(refsIn)
        .orderBy(desc(referrals.createdAt))
        .limit(LIST_LIMIT),
      perDay(db, sql`${doctorApplications}`, from, now),
      perDay(db, sql`${referrals}`, from, now),
      perDay(db, sql`${users}`, from, now),
    ]);

  const total = Number(refs.total);
  return {
    range,
    from: from.toISOString(),
    to: now.toISOString(),
    overview: {
      totalApplications: Number(apps.total),
      approvedDoctors: Number(apps.approved),
      pendingApplications: Number(apps.pending),
      rejectedApplications: Number(apps.rejected),
      totalReferrals: total,
      totalRewards: Number(refs.rewards),
      conversionRate: total ? Math.round((Number(refs.converted) / total) * 1000) / 10 : 0,
      signUps: Number(signUps.n),
    },
    applications: applications.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })),
    referrals: referralRows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    metrics: {
      patientReferrals: Number(refs.patient),
      doctorReferrals: Number(refs.doctor),
      applicationsBySpecialty: bySpecialty.map((s) => ({ specialty: s.specialty, count: Number(s.count) })),
      applicationsOverTime: appsDaily,
      referralsOverTime: refsDaily,
      signUpsOverTime: usersDaily,
    },
  };
}
