/**
 * Care between visits (issue 41, docs/care-between-visits.md): conversations with one's doctor and
 * the documents a patient keeps and shares.
 */

/** A message body, after trimming. */
export const MESSAGE_MAX_LENGTH = 4_000;
/** One page of a conversation's messages. */
export const MESSAGE_PAGE_SIZE = 50;
/**
 * What one person may send across all their conversations: a burst per minute and a day's worth
 * per hour. Counted in the database, so every instance shares them.
 */
export const MESSAGE_RATE_LIMITS = [
  { windowMs: 60_000, max: 20 },
  { windowMs: 3_600_000, max: 200 },
] as const;
/** A message still unread this long after it was sent is announced by bell and e-mail (never its text). */
export const UNREAD_NOTICE_AFTER_MS = 10 * 60_000;
/** At most this many documents attached to one message. */
export const MESSAGE_MAX_DOCUMENTS = 5;

export const CONVERSATION_STATUSES = ['open', 'closed'] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

/** The reply-time promise a doctor may show: "usually answers within N working days". */
export const REPLY_WITHIN_DAYS_MAX = 10;

/**
 * What an upload may be; the type is read from the bytes, never from the name or the header. A
 * HEIC photo is stored as a JPEG when the server's image library can decode it (decision 081).
 */
export const UPLOAD_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic'] as const;
export type UploadContentType = (typeof UPLOAD_CONTENT_TYPES)[number];
/** What a stored document is. */
export const DOCUMENT_CONTENT_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type DocumentContentType = (typeof DOCUMENT_CONTENT_TYPES)[number];
/** One file, as uploaded. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;
/** Everything one patient's documents may take together (uploaded by them or by their doctors). */
export const DOCUMENT_QUOTA_BYTES = 200 * 1024 * 1024;
export const DOCUMENT_TITLE_MAX_LENGTH = 200;
/** Lines of "who opened this document" a patient is shown, newest first. */
export const DOCUMENT_OPENS_LIMIT = 50;
/** A doctor reads a shared document while treating the patient: a visit this many months back, or one ahead. */
export const TREATING_MONTHS = 12;
