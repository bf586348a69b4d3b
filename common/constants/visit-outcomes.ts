/**
 * A visit outcome the doctor marked by hand (an in-person visit done, a no-show) keeps the doctor's
 * share pending for OUTCOME_HOLD_HOURS: the patient is told and may dispute it meanwhile.
 *   held      the window is open
 *   disputed  the patient disputed it in the window; an administrator decides
 *   released  the window passed without a dispute, or an administrator released it
 *   refunded  an administrator refunded the patient
 * The moves live in server/src/modules/disputes/moves.ts.
 */
export const OUTCOME_HOLD_STATUSES = ['held', 'disputed', 'released', 'refunded'] as const;
export type OutcomeHoldStatus = (typeof OUTCOME_HOLD_STATUSES)[number];

/** What the doctor marked. */
export const MARKED_OUTCOMES = ['completed', 'no-show'] as const;
export type MarkedOutcome = (typeof MARKED_OUTCOMES)[number];

/** How long the patient has to dispute a doctor-marked outcome before the doctor's share is released. */
export const OUTCOME_HOLD_HOURS = 72;

/** A no-show can be recorded only this long after the start (and never when the patient joined the room). */
export const NO_SHOW_AFTER_MINUTES = 10;

/** The longest reason a patient may give for a dispute, and an administrator for a resolution. */
export const DISPUTE_REASON_MAX_LENGTH = 1000;
