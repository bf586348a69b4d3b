/**
 * Prescriptions, sick notes and referral letters (issue 41 item 3, decision 082): what a doctor
 * issues after a visit has started, each a signed PDF anyone can verify by its code.
 */
export const CARE_DOCUMENT_KINDS = ['prescription', 'sick_note', 'referral'] as const;
export type CareDocumentKind = (typeof CARE_DOCUMENT_KINDS)[number];
/**
 * Every kind a verification code can name: the issued ones and the after-visit summary, which gets a
 * code of its own when its doctor shares it and a new one whenever its shared text changes.
 */
export const SIGNED_DOCUMENT_KINDS = [...CARE_DOCUMENT_KINDS, 'visit_summary'] as const;
export type SignedDocumentKind = (typeof SIGNED_DOCUMENT_KINDS)[number];

/** A verification code: 15 random bytes (120 bits) as 24 characters of RFC 4648 base32, shown in groups of four. */
export const VERIFICATION_CODE_BYTES = 15;
export const VERIFICATION_CODE_PATTERN = /^[A-Z2-7]{24}$/;

export const PRESCRIPTION_MAX_ITEMS = 10;
export const MEDICATION_MAX_LENGTH = 200;
export const DOSE_MAX_LENGTH = 100;
export const FREQUENCY_MAX_LENGTH = 100;
export const DURATION_DAYS_MAX = 365;
export const CARE_NOTES_MAX_LENGTH = 2_000;
export const REFERRAL_TO_MAX_LENGTH = 200;
export const REVOKE_REASON_MAX_LENGTH = 500;
/** A sick note covers at most this many days, starting at most this many days before it is issued. */
export const SICK_NOTE_MAX_DAYS = 90;
export const SICK_NOTE_MAX_BACKDATE_DAYS = 14;

/** Looks of the code on paper and screen: "ABCD-EFGH-…". */
export const groupedCode = (code: string) => code.replace(/(.{4})(?=.)/g, '$1-');
/** What a person typed or a QR code carried, as stored: dashes and spaces dropped, upper case. */
export const normalizedCode = (input: string) => input.replace(/[\s-]/g, '').toUpperCase();
