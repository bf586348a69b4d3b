/**
 * The waitlist (issue 42 item 2, docs/waitlist.md): "tell me if an earlier time opens".
 *   active     waiting in line
 *   offered    a freed slot is held for the patient for WAITLIST_OFFER_MINUTES
 *   booked     the patient paid for the offered slot
 *   lapsed     the offer ran out, or its hold was released; the next in line is offered
 *   cancelled  the patient left the line
 * The moves live in server/src/modules/waitlist/moves.ts.
 */
export const WAITLIST_STATUSES = ['active', 'offered', 'booked', 'lapsed', 'cancelled'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/** Entries still in line (waiting or holding an offer): the ones counted against the limit. */
export const LIVE_WAITLIST_STATUSES = ['active', 'offered'] as const satisfies readonly WaitlistStatus[];

/** Live entries a patient may keep at once. */
export const WAITLIST_LIMIT = 5;

/** How long an offered slot is held for the patient before the next in line is offered it. */
export const WAITLIST_OFFER_MINUTES = 15;
