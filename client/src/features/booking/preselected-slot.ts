import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import { localDateOf } from '@common/rules/display-time';
import { isCalendarDate } from '@common/rules/slots';
import { useSlotsForLocalDay } from './api';
import type { BookingDraft } from './booking-form';

/**
 * The day and slot a link asked for (`date`, `start`: the doctor page's "Book Tue at 3:30 PM").
 * A date that is malformed or already past is ignored, and with it the slot.
 */
export function requestedSlot(params: URLSearchParams, now = new Date()): { date: string; start: string | null } {
  const date = params.get('date') ?? '';
  if (!isCalendarDate(date) || date < localDateOf(now)) return { date: '', start: null };
  const start = params.get('start');
  return { date, start: start && !Number.isNaN(Date.parse(start)) ? start : null };
}

/**
 * Selects the requested slot once its day's slots are in, if it is still free. Answers true when
 * it is not (someone booked it meanwhile), so the form can say so and let the user pick another.
 * It runs once per visit, in the page rather than the form, so going back from the review step
 * never replaces a time the user chose since.
 */
export function usePreselectedSlot(
  doctorId: string,
  requested: { date: string; start: string | null },
  setDraft: Dispatch<SetStateAction<BookingDraft>>,
): boolean {
  const [state, setState] = useState<'waiting' | 'done' | 'taken'>(requested.start ? 'waiting' : 'done');
  const day = useSlotsForLocalDay(doctorId, requested.date, state === 'waiting');
  useEffect(() => {
    if (state !== 'waiting' || !requested.start || day.isPending || day.isError) return;
    const wanted = Date.parse(requested.start);
    const slot = day.slots.find((s) => Date.parse(s.startsAt) === wanted);
    if (slot?.available) setDraft((d) => (d.slot || d.date !== requested.date ? d : { ...d, slot }));
    setState(slot?.available ? 'done' : 'taken');
  }, [state, requested, day.isPending, day.isError, day.slots, setDraft]);
  return state === 'taken';
}
