/** Devices one person may have subscribed at a time (issue 42); a new one past this is refused with 409. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;
/** How long before a visit its push reminder goes out, to both parties. */
export const PUSH_REMINDER_BEFORE_MS = 15 * 60_000;
/** A reminder claimed later than this after its time is dropped: a late "starts in 15 minutes" would be wrong. */
export const PUSH_REMINDER_GRACE_MS = 5 * 60_000;
/** The longest endpoint URL accepted; the push services' own are well under 600 characters. */
export const PUSH_ENDPOINT_MAX = 2048;
/** What a push notice is about; the texts are composed when it is sent, in the reader's language. */
export const PUSH_NOTICES = ['booking_confirmed', 'booking_new', 'reminder', 'message'] as const;
export type PushNotice = (typeof PUSH_NOTICES)[number];
