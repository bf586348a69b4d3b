// Errors that carry a value (a limit, a window) say it inside the sentence in every language;
// English keeps the words the API always returned.
import { describe, expect, it } from 'vitest';
import { CANCEL_WINDOW_HOURS, MAX_UNPAID_BOOKINGS, PENDING_HOLD_MINUTES } from '@common/constants/platform';
import { TIME_OFF_MAX_ENTRIES } from '@common/constants/schedule';
import { localizedError } from './errors';
import { translate } from './i18n';

describe('errors with values', () => {
  it('English is the old text, word for word', () => {
    expect(localizedError('conflict', 'errors.cancelWindow', { hours: CANCEL_WINDOW_HOURS }).message).toBe(
      'Appointments can be cancelled only more than 24 hours before they start.',
    );
    expect(localizedError('bad_request', 'errors.timeOffLimit', { count: TIME_OFF_MAX_ENTRIES }).message).toBe(
      'You can keep at most 200 ranges of time off. Remove some first.',
    );
    expect(
      localizedError('conflict', 'errors.unpaidBookingsAccount', {
        count: MAX_UNPAID_BOOKINGS,
        minutes: PENDING_HOLD_MINUTES,
      }).message,
    ).toBe(
      'You have 3 unpaid bookings. Pay for one of them, or wait 30 minutes for their holds to end, before booking another.',
    );
  });

  it('Spanish and Arabic put the value in their own sentence', () => {
    expect(translate('es', 'errors.rescheduleWindow', { hours: 24 })).toBe(
      'Las citas solo pueden reprogramarse con más de 24 horas de antelación.',
    );
    const ar = translate('ar', 'errors.unpaidBookingsOthers', { count: 3, minutes: 30 });
    expect(ar).toContain('3 حجوزات');
    expect(ar).toContain('30 دقيقة');
  });
});
