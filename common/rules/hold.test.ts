import { describe, expect, it } from 'vitest';
import { HOLD_TITLE, holdMinutesLeft, holdOf, holdTimeLeftText, isUnpaidHold, slotHold } from './hold';

const created = '2026-11-26T10:00:00.000Z';
const at = (iso: string) => new Date(iso);

describe('an unpaid booking’s hold', () => {
  it('is named the same everywhere', () => {
    expect(HOLD_TITLE).toBe('Held for 30 minutes — pay to confirm');
  });

  it('counts the minutes left, rounded up, and ends after 30 minutes', () => {
    expect(holdMinutesLeft(created, at('2026-11-26T10:00:00.000Z'))).toBe(30);
    expect(holdMinutesLeft(created, at('2026-11-26T10:17:30.000Z'))).toBe(13);
    expect(holdMinutesLeft(created, at('2026-11-26T10:29:59.000Z'))).toBe(1);
    expect(holdMinutesLeft(created, at('2026-11-26T10:30:00.000Z'))).toBe(0);
    expect(holdMinutesLeft(created, at('2026-11-26T11:00:00.000Z'))).toBe(0);
  });

  it('is 15 minutes for a waitlist offer, ending when the offer does; a reply without one is a booking’s', () => {
    expect(holdMinutesLeft(created, at('2026-11-26T10:12:30.000Z'), 'waitlist-offer')).toBe(3);
    expect(slotHold(created, 'waitlist-offer')).toEqual({ minutes: 15, endsAt: '2026-11-26T10:15:00.000Z' });
    expect(slotHold(created, 'waitlist-offer', at('2026-11-26T10:15:00.500Z')).endsAt).toBe('2026-11-26T10:15:00.500Z');
    expect(holdOf({ createdAt: created })).toEqual({ minutes: 30, endsAt: '2026-11-26T10:30:00.000Z' });
  });

  it('says what is left, and what to do once it ended', () => {
    expect(holdTimeLeftText(13)).toBe('13 minutes left');
    expect(holdTimeLeftText(1)).toBe('1 minute left');
    expect(holdTimeLeftText(0)).toBe('The hold has ended: pay now to confirm if the time is still free.');
  });

  it('applies only to pending bookings whose payment has not gone through', () => {
    const base = { createdAt: created };
    expect(isUnpaidHold({ ...base, status: 'pending', payment: null })).toBe(true);
    expect(isUnpaidHold({ ...base, status: 'pending', payment: { status: 'requires_payment_method' } })).toBe(true);
    expect(isUnpaidHold({ ...base, status: 'pending', payment: { status: 'processing' } })).toBe(false);
    expect(isUnpaidHold({ ...base, status: 'pending', payment: { status: 'succeeded' } })).toBe(false);
    expect(isUnpaidHold({ ...base, status: 'confirmed', payment: { status: 'succeeded' } })).toBe(false);
  });
});
