import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { CANCEL_WINDOW_HOURS } from '@common/constants/platform';
import type { ClientMessageKey } from '@common/i18n/keys';
import english from '../../../../common/i18n/en/screens/appointments.json';
import {
  cancelBlockedReason,
  groupAppointments,
  rescheduleBlockedReason,
  showLeaveReview,
  showPayNow,
  showRelease,
} from './rules';

const now = new Date('2026-11-22T12:00:00Z');
const hoursFromNow = (h: number) => new Date(now.getTime() + h * 3_600_000).toISOString();
// The reasons are catalogue keys; the button says them with the cancel window's hours.
const intl = createIntl({ locale: 'en-US', messages: english });
const said = (key: ClientMessageKey | null | undefined) =>
  key ? intl.formatMessage({ id: key }, { hours: CANCEL_WINDOW_HOURS }) : key;
const base = { consultationType: 'video' as const, payment: null, hasReview: false };

describe('appointment card rules', () => {
  it('offers Pay Now only while pending and unpaid', () => {
    expect(showPayNow({ ...base, status: 'pending', startsAt: hoursFromNow(48) })).toBe(true);
    expect(
      showPayNow({
        ...base,
        status: 'pending',
        startsAt: hoursFromNow(48),
        payment: { status: 'succeeded', refundedAmount: 0 },
      }),
    ).toBe(false);
    expect(showPayNow({ ...base, status: 'confirmed', startsAt: hoursFromNow(48) })).toBe(false);
  });

  it('allows Cancel only for confirmed appointments more than 24 h ahead, with a reason otherwise', () => {
    expect(cancelBlockedReason({ ...base, status: 'confirmed', startsAt: hoursFromNow(24.1) }, now)).toBeNull();
    expect(said(cancelBlockedReason({ ...base, status: 'confirmed', startsAt: hoursFromNow(24) }, now))).toBe(
      'Appointments can be cancelled only more than 24 hours before they start.',
    );
    expect(said(cancelBlockedReason({ ...base, status: 'scheduled', startsAt: hoursFromNow(72) }, now))).toBe(
      'Only confirmed appointments can be cancelled.',
    );
    // An unpaid booking is released, not cancelled: no Cancel button at all.
    expect(cancelBlockedReason({ ...base, status: 'pending', startsAt: hoursFromNow(72) }, now)).toBeUndefined();
    expect(cancelBlockedReason({ ...base, status: 'completed', startsAt: hoursFromNow(-72) }, now)).toBeUndefined();
  });

  it('offers Release while a booking is unpaid, and not once money is moving or paid', () => {
    expect(showRelease({ ...base, status: 'pending', startsAt: hoursFromNow(72) }, now)).toBe(true);
    expect(showRelease({ ...base, status: 'pending', startsAt: hoursFromNow(-1) }, now)).toBe(false);
    const paying = { status: 'processing' as const, refundedAmount: 0 };
    expect(showRelease({ ...base, status: 'pending', startsAt: hoursFromNow(72), payment: paying }, now)).toBe(false);
    const paid = { status: 'succeeded' as const, refundedAmount: 0 };
    expect(showRelease({ ...base, status: 'confirmed', startsAt: hoursFromNow(72), payment: paid }, now)).toBe(false);
    expect(showRelease({ ...base, status: 'cancelled', startsAt: hoursFromNow(72) }, now)).toBe(false);
  });

  it('offers Leave Review once, for completed appointments', () => {
    expect(showLeaveReview({ ...base, status: 'completed', startsAt: hoursFromNow(-5) })).toBe(true);
    expect(showLeaveReview({ ...base, status: 'completed', startsAt: hoursFromNow(-5), hasReview: true })).toBe(false);
  });

  it('groups upcoming (soonest first) apart from past and closed ones', () => {
    const list = [
      { ...base, id: 'later', status: 'confirmed' as const, startsAt: hoursFromNow(50) },
      { ...base, id: 'soon', status: 'pending' as const, startsAt: hoursFromNow(2) },
      { ...base, id: 'done', status: 'completed' as const, startsAt: hoursFromNow(-30) },
      { ...base, id: 'off', status: 'cancelled' as const, startsAt: hoursFromNow(40) },
    ];
    const { upcoming, past } = groupAppointments(list, now);
    expect(upcoming.map((a) => a.id)).toEqual(['soon', 'later']);
    expect(past.map((a) => a.id)).toEqual(['off', 'done']);
  });
});

describe('rescheduleBlockedReason', () => {
  it('offers Reschedule on the same 24-hour rule as Cancel, and only for confirmed appointments', () => {
    expect(rescheduleBlockedReason({ ...base, status: 'confirmed', startsAt: hoursFromNow(24.1) }, now)).toBeNull();
    expect(said(rescheduleBlockedReason({ ...base, status: 'confirmed', startsAt: hoursFromNow(24) }, now))).toMatch(
      /rescheduled only more than 24 hours/,
    );
    for (const status of ['pending', 'completed', 'cancelled'] as const) {
      expect(rescheduleBlockedReason({ ...base, status, startsAt: hoursFromNow(72) }, now)).toBeUndefined();
    }
  });
});
