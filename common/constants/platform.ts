/**
 * Platform money rules: the commission, the fee bounds a doctor may set and the cancellation
 * window. The first three are the defaults of the administrators' settings (platform_settings),
 * which are what the server applies; the limits below bound what an administrator may choose.
 */
export const PLATFORM_FEE_PERCENT = 15; // the doctor keeps 85 %
/** The doctor's share of a fee at the default commission, as the marketing pages state it (0.85). */
export const DOCTOR_SHARE = (100 - PLATFORM_FEE_PERCENT) / 100;
export const MIN_CONSULTATION_FEE_CENTS = 50_00;
export const MAX_CONSULTATION_FEE_CENTS = 500_00;
export const CANCEL_WINDOW_HOURS = 24;

/** What an administrator may set: a commission up to half, fees from $1 to $10,000. */
export const MAX_PLATFORM_FEE_PERCENT = 50;
export const FEE_LIMIT_MIN_CENTS = 1_00;
export const FEE_LIMIT_MAX_CENTS = 10_000_00;

/** Commission in cents, rounded down so rounding never takes from the doctor. */
export const platformCommission = (grossCents: number, percent: number = PLATFORM_FEE_PERCENT) =>
  Math.floor((grossCents * percent) / 100);

/** How far ahead a patient may book; later dates show no open slots and bookings for them are refused. */
export const BOOKING_HORIZON_DAYS = 180;

/** The highest desired fee an application may state; far above any real fee, far below the integer column's limit. */
export const MAX_APPLICATION_FEE_DOLLARS = 10_000;

/** Unpaid bookings a patient may hold at once; each holds its slot for at most PENDING_HOLD_MINUTES. */
export const MAX_UNPAID_BOOKINGS = 3;
export const PENDING_HOLD_MINUTES = 30;

/**
 * Ending a consultation releases the doctor's earning only when doctor and patient were in the room
 * together for at least this long; otherwise it stays pending for an administrator to decide.
 */
export const MIN_JOINT_PRESENCE_MINUTES = 5;
