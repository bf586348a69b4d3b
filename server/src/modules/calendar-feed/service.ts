import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import type { PaymentStatus } from '@common/constants/statuses';
import type { Db } from '../../db/client';
import { appointments, calendarFeeds, payments, users } from '../../db/schema';
import { DEFAULT_LANGUAGE, type Language } from '@common/i18n/languages';
import { languageOf } from '@common/i18n/negotiate';
import { hashToken } from '../../http/session';
import { appointmentViews } from '../appointment-view/view';
import { signingKey } from '../platform/signing-keys';
import type { FeedEvent } from './ics';
import { appointmentsVisibleTo, sideOf } from '../../policies/appointment';

const KEY_NAME = 'calendar-feed';
/** 32 bytes of HMAC in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** Calendar apps poll the whole file; a quarter back is plenty of history to keep it small. */
const HISTORY_DAYS = 90;
const MAX_EVENTS = 1000;

const tokenOf = (key: Buffer, salt: string) =>
  createHmac('sha256', key).update(`calendar-feed:${salt}`).digest('base64url');
const newSalt = () => randomBytes(16).toString('base64url');
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** The owner's feed token, made on first ask; the same one on every later ask until rotated. */
export async function feedToken(db: Db, userId: string): Promise<string> {
  const key = await signingKey(db, KEY_NAME);
  const salt = newSalt();
  await db
    .insert(calendarFeeds)
    .values({ userId, salt, tokenHash: hashToken(tokenOf(key, salt)) })
    .onConflictDoNothing();
  const [row] = await db
    .select({ salt: calendarFeeds.salt })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.userId, userId));
  return tokenOf(key, row.salt);
}

/** A new token for the owner; the old URL stops answering at once. */
export async function rotateFeed(db: Db, userId: string, now: Date): Promise<string> {
  const key = await signingKey(db, KEY_NAME);
  const salt = newSalt();
  const token = tokenOf(key, salt);
  await db
    .insert(calendarFeeds)
    .values({ userId, salt, tokenHash: hashToken(token), createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.userId, set: { salt, tokenHash: hashToken(token), createdAt: now } });
  return token;
}

/**
 * Gives an existing feed a new address inside the caller's transaction (a password reset or change,
 * "sign out everywhere"); an owner who never asked for a feed gets none.
 */
export async function retireFeedAddress(tx: Db, userId: string, now: Date): Promise<void> {
  const key = await signingKey(tx, KEY_NAME);
  const salt = newSalt();
  await tx
    .update(calendarFeeds)
    .set({ salt, tokenHash: hashToken(tokenOf(key, salt)), createdAt: now })
    .where(eq(calendarFeeds.userId, userId));
}

/** The active user a `<token>.ics` file name belongs to, or null for anything forged, cut or rotated away. */
export async function feedOwner(db: Db, file: string): Promise<string | null> {
  return (await feedOwnerAccount(db, file))?.userId ?? null;
}

/** The feed's owner and the language their calendar reads (the account's; unknown → English). */
export async function feedOwnerAccount(db: Db, file: string): Promise<{ userId: string; language: Language } | null> {
  const token = file.endsWith('.ics') ? file.slice(0, -'.ics'.length) : '';
  if (!TOKEN.test(token)) return null;
  const [row] = await db
    .select({ userId: calendarFeeds.userId, language: users.language })
    .from(calendarFeeds)
    .innerJoin(users, eq(users.id, calendarFeeds.userId))
    .where(and(eq(calendarFeeds.tokenHash, hashToken(token)), eq(users.isActive, true)));
  return row ? { userId: row.userId, language: languageOf(row.language) ?? DEFAULT_LANGUAGE } : null;
}

const SHOWN = ['confirmed', 'scheduled', 'completed', 'cancelled'] as const;
/** A cancelled booking belongs in the calendar only if it was ever in it, i.e. was paid for. */
const ONCE_PAID: PaymentStatus[] = ['succeeded', 'refund_pending', 'refunded'];

/**
 * The owner's visits as either side, read through the one appointment view (its booked length,
 * the parties' names): nothing about the patient's health is in that view, so the reason for the
 * visit and notes never leave the database here.
 */
export async function feedEvents(db: Db, userId: string, now: Date): Promise<FeedEvent[]> {
  const views = await appointmentViews(
    db,
    and(
      appointmentsVisibleTo({ id: userId }),
      inArray(appointments.status, SHOWN),
      gte(appointments.startsAt, new Date(now.getTime() - HISTORY_DAYS * 86_400_000)),
      or(sql`${appointments.status} <> 'cancelled'`, inArray(payments.status, ONCE_PAID)),
    ),
    MAX_EVENTS,
  );
  return views.map((view) => {
    const { doctor, patient } = view;
    const doctorsOwn = sideOf({ id: userId }, { patientId: patient.userId, doctorUserId: doctor.userId }) === 'doctor';
    return {
      id: view.id,
      path: doctorsOwn ? '/doctor/appointments' : '/appointments',
      cancelled: view.status === 'cancelled',
      startsAt: view.startsAt,
      minutes: view.durationMinutes,
      timeZone: view.bookedZone,
      consultationType: view.consultationType,
      sequence: view.calendarSequence,
      updatedAt: view.updatedAt,
      // The doctor's calendar names the patient briefly; the patient's names the doctor.
      title: doctorsOwn
        ? `${patient.firstName} ${patient.lastName.slice(0, 1)}.`.trim()
        : `Dr. ${doctor.firstName} ${doctor.lastName}`,
      place:
        view.consultationType === 'in-person'
          ? (doctor.officeAddress ?? [doctor.location, doctor.country].filter(Boolean).join(', '))
          : null,
    };
  });
}
