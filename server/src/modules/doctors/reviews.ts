import { and, desc, eq, sql } from 'drizzle-orm';
import type { DoctorReview } from '@common/schemas/doctors';
import type { Db } from '../../db/client';
import { reviews, users } from '../../db/schema';
import { localizedError } from '../../core/errors';
import { getPublicDoctor } from './service';

/** After the last review of a page, newest first: its time in epoch milliseconds, and its id. */
type ReviewPosition = { ms: number; id: string };

/**
 * Reviews are ordered by their time cut to milliseconds, as PostgreSQL itself cuts and counts it:
 * it keeps microseconds, and a cursor a little off its own row would skip or repeat reviews.
 */
const reviewedAt = sql`date_trunc('milliseconds', ${reviews.createdAt})`;
const reviewedMs = sql<string>`(extract(epoch from ${reviewedAt}) * 1000)::bigint::text`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** 1970 to 9999: any time a review can have, and nothing PostgreSQL would refuse. */
const MAX_MS = Date.UTC(9999, 11, 31);
const invalid = () =>
  localizedError('bad_request', 'errors.cursorInvalidStartFrom', undefined, {
    cursor: { key: 'errors.field.cursorInvalid' },
  });

const encode = (position: ReviewPosition) => Buffer.from(JSON.stringify(position)).toString('base64url');

function decode(cursor: string): ReviewPosition {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  const { ms, id } = (value ?? {}) as Record<string, unknown>;
  if (typeof id !== 'string' || !UUID.test(id)) throw invalid();
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > MAX_MS) throw invalid();
  return { ms, id: id.toLowerCase() };
}

/**
 * A page of a listed doctor's reviews, newest first, and the cursor of the next page (null on the
 * last): paging through them all reads as many reviews as the doctor's review count says.
 */
export async function reviewPage(
  db: Db,
  doctorId: string,
  { limit, cursor }: { limit: number; cursor?: string },
): Promise<{ reviews: DoctorReview[]; nextCursor: string | null }> {
  const after = cursor ? decode(cursor) : null;
  await getPublicDoctor(db, doctorId);
  const rows = await db
    .select({ review: reviews, ms: reviewedMs, firstName: users.firstName, lastName: users.lastName })
    .from(reviews)
    .innerJoin(users, eq(users.id, reviews.patientId))
    .where(
      and(
        eq(reviews.doctorId, doctorId),
        after
          ? sql`(${reviewedAt}, ${reviews.id}) < (to_timestamp(${after.ms}::float8 / 1000), ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(desc(reviewedAt), desc(reviews.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    reviews: page.map(({ review, firstName, lastName }) => ({
      id: review.id,
      rating: review.rating,
      comment: review.comment,
      patientName: `${firstName} ${lastName.slice(0, 1)}${lastName ? '.' : ''}`.trim(),
      createdAt: review.createdAt.toISOString(),
    })),
    nextCursor: rows.length > limit && last ? encode({ ms: Number(last.ms), id: last.review.id }) : null,
  };
}
