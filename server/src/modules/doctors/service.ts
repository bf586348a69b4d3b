import { AVAILABILITY_WINDOWS, NEXT_AVAILABLE_DAYS } from '@common/constants/doctor-search';
import { COUNTRIES } from '@common/constants/countries';
import { addDays } from '@common/rules/slots';
import { wallClock, zonedInstant } from '@common/rules/zoned-time';
import { SPECIALTY_NAMES } from '@common/constants/specialties';
import { parseFreeText } from '@common/rules/free-text';
import { nameQueryWords } from '@common/rules/name-match';
import { doctorSearchQuerySchema, type DoctorSearchQuery } from '@common/schemas/doctor-queries';
import { type DoctorSort, publicDoctorSchema, type PublicDoctor } from '@common/schemas/doctors';
import type { Db } from '../../db/client';
import { notFound } from '../../core/errors';
import { decodeCursor, encodeCursor, type SearchPosition } from './search-cursor';
import type { DirectoryIndex } from './directory-index';
import type { NextSlots } from './next-slots';
import { doctorCard, doctorCards, type AvailabilityWindow, type CardRow, type DoctorFilters } from './search-query';
import { countryFromAnyLanguage, specialtyFromAnyLanguage } from './specialty-words';

/**
 * What a search reads besides the cards (directory-search.ts builds and patches it): the index of
 * listed doctors, their next free slots at an instant, and a way to catch up with the change feed.
 */
export type SearchEngine = {
  readonly index: DirectoryIndex;
  nextSlots(now: Date): Promise<NextSlots>;
  sync(): Promise<void>;
};

/** A place filter is a case-insensitive "contains" over the places doctors are in. */
const placesContaining = (places: string[], text: string) => {
  const needle = text.toLowerCase();
  return places.filter((place) => place.toLowerCase().includes(needle));
};

/** A card of a search page: its row, and its next free slot when the page shows one. */
export type SearchCard = CardRow & { nextAvailableAt?: string | null };

/**
 * Day starts worked out in the current clock minute, by zone and days ahead: a local date changes
 * only on a whole minute (wallClock reads the minute), and every search works out one or two.
 */
let dayStarts = { minute: NaN, byZone: new Map<string, number>() };

/** The start of the visitor's local date `days` after today, as an instant. */
function visitorDayStart(now: Date, timeZone: string, days: number): Date {
  const minute = Math.floor(now.getTime() / 60_000);
  // Zones are matched without regard to case, so spellings are many: the map is bounded too.
  if (dayStarts.minute !== minute || dayStarts.byZone.size >= 2_000) dayStarts = { minute, byZone: new Map() };
  const key = `${days}|${timeZone}`;
  let start = dayStarts.byZone.get(key);
  if (start === undefined) {
    start = zonedInstant(addDays(wallClock(now, timeZone).date, days), '00:00', timeZone).getTime();
    dayStarts.byZone.set(key, start);
  }
  return new Date(start);
}

/**
 * "Today" is the visitor's: next-available looks up to the start of the visitor's day
 * NEXT_AVAILABLE_DAYS ahead, and a filter up to the start of the day after its last day.
 */
export function availabilityWindow(
  query: Pick<DoctorSearchQuery, 'timeZone' | 'available'>,
  now: Date,
): AvailabilityWindow {
  const days = AVAILABILITY_WINDOWS.find((w) => w.value === query.available)?.days;
  return {
    now,
    until: visitorDayStart(now, query.timeZone, NEXT_AVAILABLE_DAYS),
    cutoff: days === undefined ? undefined : visitorDayStart(now, query.timeZone, days),
  };
}

/**
 * A page of cards as the JSON list the API answers: each card's text, with its next free slot
 * added last (the key order the reply schema lists) when the page shows one.
 */
export function cardListJson(cards: readonly SearchCard[]): string {
  let body = '[';
  for (let i = 0; i < cards.length; i++) {
    const { json, nextAvailableAt } = cards[i];
    if (i > 0) body += ',';
    body +=
      nextAvailableAt === undefined
        ? json
        : `${json.slice(0, -1)},"nextAvailableAt":${nextAvailableAt === null ? 'null' : `"${nextAvailableAt}"`}}`;
  }
  return `${body}]`;
}

/**
 * Free text `q` is read as a specialty, else a place, else a country, else a listed doctor's name
 * (common/rules/name-match.ts); the places doctors actually
 * practise in are the known locations. A place filter resolves to the known places containing it,
 * so the statement matches exact values on an index; null when no place matches, so nothing can.
 */
export function resolveFilters(query: DoctorSearchQuery, index: DirectoryIndex): DoctorFilters | null {
  const filters: DoctorFilters = {
    specialty: query.specialty,
    country: query.country,
    language: query.language,
    minFee: query.minFee,
    maxFee: query.maxFee,
  };
  let location = query.location || undefined;
  if (query.q) {
    // A specialty typed in Spanish or Arabic reads as its English name, which the directory keeps.
    const q = specialtyFromAnyLanguage(query.q) ?? query.q;
    // Each lookup runs only when the earlier rule did not match, in that order.
    const specialtyMatch = SPECIALTY_NAMES.some((name) => name.toLowerCase().includes(q.toLowerCase()));
    const known = specialtyMatch ? [] : index.places();
    const place = known.find((p) => p.toLowerCase().includes(q.trim().replace(/\s+/g, ' ').toLowerCase()));
    const countries = specialtyMatch || place ? [] : index.countries();
    // So does a country named in another language ("España"), once no place has the text.
    const country = specialtyMatch || place ? undefined : countryFromAnyLanguage(query.q, [...COUNTRIES, ...countries]);
    const parsed = parseFreeText(country ?? q, {
      specialties: SPECIALTY_NAMES,
      locations: place ? [place] : [],
      countries: Array.from(new Set([...COUNTRIES, ...countries])),
    });
    // Text that names no specialty, place or country may be a doctor's name ("Okafor", "Dra. Gómez").
    const nameWords = nameQueryWords(query.q);
    const named = parsed.kind === 'location' && !place && index.hasName(nameWords);
    // Free text narrows the search; an explicit filter of the same kind wins over it.
    if (parsed.kind === 'specialty') filters.specialty ??= parsed.specialty;
    if (named) filters.name = nameWords;
    else if (parsed.kind === 'location') location ??= parsed.location;
    if (parsed.kind === 'country') filters.country ??= parsed.country;
  }
  if (location !== undefined) {
    filters.places = placesContaining(index.places(), location);
    if (!filters.places.length) return null;
  }
  return filters;
}

function positionOf(card: SearchCard, sort: DoctorSort): SearchPosition {
  const { id, reviewCount, consultationFee } = card;
  if (sort === 'rating') return { sort, rating: Number(card.rating), reviews: reviewCount, id };
  if (sort === 'reviews') return { sort, reviews: reviewCount, id };
  if (sort === 'soonest') return { sort, at: card.nextAvailableAt ?? null, id };
  return { sort, fee: consultationFee, id };
}

/** How many times a page is chosen again after a doctor it chose turned out no longer listed. */
const RETRIES = 2;

/**
 * A page of the directory: the engine chooses the ids (decision 042), the cards are read by id.
 * A doctor delisted since the engine last read the feed has no card; the engine then catches up
 * and the page is chosen again, so a page is never short and the paging never ends early.
 */
export async function searchDoctors(
  db: Db,
  query: DoctorSearchQuery,
  engine: SearchEngine,
  now = new Date(),
  { nextAvailable = true }: { nextAvailable?: boolean } = {},
): Promise<{ doctors: SearchCard[]; nextCursor: string | null }> {
  const position = query.cursor ? decodeCursor(query.cursor, query.sort) : undefined;
  const filters = resolveFilters(query, engine.index);
  if (!filters) return { doctors: [], nextCursor: null };
  const availability = Boolean(availabilityWindow(query, now).cutoff) || query.sort === 'soonest';
  for (let attempt = 0; ; attempt++) {
    // Without availability asked or shown, the bookings play no part: no slots to wait for.
    const slots = availability || nextAvailable ? await engine.nextSlots(now) : null;
    // The cards are judged at the instant the slots were, so a hold lapsing since cannot make a
    // card disagree with the order it was placed in.
    const window = availabilityWindow(query, slots?.judgedAt ?? now);
    // One extra id tells whether a next page exists without a count.
    const ids = (slots?.index ?? engine.index).search(
      filters,
      query.sort,
      query.limit + 1,
      position,
      slots && availability ? slots.judge(window, query.sort === 'soonest') : undefined,
    );
    const found = await doctorCards(db, ids);
    if (found.length < ids.length && attempt < RETRIES) {
      await engine.sync();
      continue;
    }
    // Rows are shared by the searches read in one batch (card-batch.ts): each page gets its own cards.
    const page: SearchCard[] = found
      .slice(0, query.limit)
      .map((card) =>
        slots ? { ...card, nextAvailableAt: slots.nextFor(card.id, window.until)?.toISOString() ?? null } : card,
      );
    const last = page.at(-1);
    return {
      doctors: page,
      nextCursor: ids.length > query.limit && last ? encodeCursor(positionOf(last, query.sort)) : null,
    };
  }
}

/** The best-rated doctors: the first page of the rating sort, as the JSON list, without availability. */
export async function featuredDoctors(db: Db, limit: number, engine: SearchEngine, now = new Date()): Promise<string> {
  // The home page shows no availability.
  const query = doctorSearchQuerySchema.parse({ limit });
  const { doctors: cards } = await searchDoctors(db, query, engine, now, { nextAvailable: false });
  return cardListJson(cards);
}

export async function getPublicDoctor(db: Db, id: string): Promise<PublicDoctor> {
  const card = await doctorCard(db, id);
  if (card === undefined) throw notFound('Doctor');
  return JSON.parse(card) as PublicDoctor;
}

/**
 * A listed doctor's stored card, and the part of it the API sends (only the schema's fields): what
 * a doctor's page is drawn with on the server (decision 116).
 */
export const publicDoctorCard = (db: Db) => ({
  read: (id: string) => doctorCard(db, id),
  shown: (card: string) => JSON.stringify(publicDoctorSchema.parse(JSON.parse(card))),
});
