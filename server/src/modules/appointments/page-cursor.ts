import { and, asc, desc, eq, gt, lt, or, type SQL } from 'drizzle-orm';
import type { AppointmentPageWhen } from '@common/schemas/appointment-pages';
import { appointments } from '../../db/schema';
import { localizedError } from '../../core/errors';

/*
 * Keyset paging over appointments in (start, id) order, for the doctor's book and the patient's
 * list alike. The order is total, so a cursor never repeats or skips a row however the list
 * changes between pages, and each page is one indexed range read.
 */

/** "<ISO start>_<id>", base64url: where the previous page stopped. */
export const encodeCursor = (startsAt: Date, id: string) =>
  Buffer.from(`${startsAt.toISOString()}_${id}`, 'utf8').toString('base64url');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function decodeCursor(cursor: string): { startsAt: Date; id: string } {
  const [iso, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('_');
  const startsAt = new Date(iso ?? '');
  if (Number.isNaN(startsAt.getTime()) || !id || !UUID.test(id)) {
    throw localizedError('bad_request', 'errors.cursorInvalid', undefined, {
      cursor: { key: 'errors.field.cursorInvalid' },
    });
  }
  return { startsAt, id };
}

/** Upcoming pages run soonest first, past ones latest first. */
export const pageOrder = (when: AppointmentPageWhen) => {
  const order = when === 'upcoming' ? asc : desc;
  return [order(appointments.startsAt), order(appointments.id)];
};

/** The rows after the cursor in the page's order (none given: no condition). */
export function afterCursor(when: AppointmentPageWhen, cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const c = decodeCursor(cursor);
  const after = when === 'upcoming' ? gt : lt;
  return or(
    after(appointments.startsAt, c.startsAt),
    and(eq(appointments.startsAt, c.startsAt), after(appointments.id, c.id)),
  );
}

/** A page from `limit + 1` keys read: the extra one only says whether another page follows. */
export function pageOf<K extends { id: string; startsAt: Date | string }>(keys: K[], limit: number) {
  const page = keys.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: keys.length > limit && last ? encodeCursor(new Date(last.startsAt), last.id) : null };
}
