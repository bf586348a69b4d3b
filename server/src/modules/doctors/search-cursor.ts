import type { DoctorSort } from '@common/schemas/doctors';
import { localizedError } from '../../core/errors';

/**
 * Keyset position after the last doctor of a page: the sort key values plus the id that breaks
 * ties, so pages never skip or repeat a doctor however many share a rating or a fee.
 */
export type SearchPosition =
  | { sort: 'rating'; rating: number; reviews: number; id: string }
  | { sort: 'price_asc' | 'price_desc'; fee: number; id: string }
  | { sort: 'reviews'; reviews: number; id: string }
  /** `at` is the next free slot when the page was read; null sorts last. */
  | { sort: 'soonest'; at: string | null; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(position: SearchPosition): string {
  return Buffer.from(JSON.stringify(position)).toString('base64url');
}

const invalid = () =>
  localizedError('bad_request', 'errors.cursorInvalidStartSearch', undefined, {
    cursor: { key: 'errors.field.cursorInvalid' },
  });
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 1e6;
/** Counts and cents live in integer columns; anything outside them cannot be a real position. */
const isInt32 = (v: unknown): v is number =>
  Number.isInteger(v) && (v as number) >= 0 && (v as number) <= 2_147_483_647;

/**
 * A real instant in the years a slot can have: `Date.parse` also takes 30 February and year 0,
 * which PostgreSQL refuses, so the text must be what the parsed date prints back.
 */
const isInstant = (v: unknown): v is string => {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(v)) return false;
  const at = new Date(v);
  if (!Number.isFinite(at.getTime()) || at.getUTCFullYear() < 1970 || at.getUTCFullYear() > 9999) return false;
  return at.toISOString() === (v.length === 20 ? v.replace('Z', '.000Z') : v);
};

/** A cursor is only valid for the sort it was made for; anything else is a 400, never a 500. */
export function decodeCursor(cursor: string, sort: DoctorSort): SearchPosition {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!value || typeof value !== 'object' || value.sort !== sort) throw invalid();
  if (typeof value.id !== 'string' || !UUID.test(value.id)) throw invalid();
  const id = value.id;
  if (sort === 'rating' && isNumber(value.rating) && isInt32(value.reviews)) {
    return { sort, rating: value.rating, reviews: value.reviews as number, id };
  }
  if ((sort === 'price_asc' || sort === 'price_desc') && isInt32(value.fee)) {
    return { sort, fee: value.fee as number, id };
  }
  if (sort === 'reviews' && isInt32(value.reviews)) return { sort, reviews: value.reviews as number, id };
  if (sort === 'soonest' && (value.at === null || isInstant(value.at)))
    return { sort, at: value.at as string | null, id };
  throw invalid();
}
