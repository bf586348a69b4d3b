/**
 * Platform money rules: the commission, the fee bounds a doctor may set and the cancellation
 * window. Constants for now; administrators will be able to change the first three.
 */
export const PLATFORM_FEE_PERCENT = 15; // the doctor keeps 85 %
export const MIN_CONSULTATION_FEE_CENTS = 50_00;
export const MAX_CONSULTATION_FEE_CENTS = 500_00;
export const CANCEL_WINDOW_HOURS = 24;

/** Commission in cents, rounded down so rounding never takes from the doctor. */
export const platformCommission = (grossCents: number) => Math.floor((grossCents * PLATFORM_FEE_PERCENT) / 100);

/** How far ahead a patient may book; later dates show no open slots and bookings for them are refused. */
export const BOOKING_HORIZON_DAYS = 180;

/** The highest desired fee an application may state; far above any real fee, far below the integer column's limit. */
export const MAX_APPLICATION_FEE_DOLLARS = 10_000;

/** Unpaid bookings a patient may hold at once; each holds its slot for at most PENDING_HOLD_MINUTES. */
export const MAX_UNPAID_BOOKINGS = 3;
export const PENDING_HOLD_MINUTES = 30;
