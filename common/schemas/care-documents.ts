import { z } from 'zod';
import {
  CARE_DOCUMENT_KINDS,
  SIGNED_DOCUMENT_KINDS,
  CARE_NOTES_MAX_LENGTH,
  DOSE_MAX_LENGTH,
  DURATION_DAYS_MAX,
  FREQUENCY_MAX_LENGTH,
  MEDICATION_MAX_LENGTH,
  PRESCRIPTION_MAX_ITEMS,
  REFERRAL_TO_MAX_LENGTH,
  REVOKE_REASON_MAX_LENGTH,
} from '../constants/care-documents';
import { safeString, text } from './text';

export const careDocumentKindSchema = z.enum(CARE_DOCUMENT_KINDS);

/** A calendar day, YYYY-MM-DD, that exists (2026-02-30 does not). */
const day = (label: string) =>
  safeString(label, 10).refine(
    (v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v,
    `${label} must be a date such as 2026-12-02`,
  );

export const prescriptionItemSchema = z
  .object({
    medication: text('Medication', { max: MEDICATION_MAX_LENGTH, min: 1 }),
    dose: text('Dose', { max: DOSE_MAX_LENGTH, min: 1 }),
    frequency: text('Frequency', { max: FREQUENCY_MAX_LENGTH, min: 1 }),
    durationDays: z.number().int().min(1).max(DURATION_DAYS_MAX),
  })
  .strict();

export const prescriptionBodySchema = z
  .object({
    items: z.array(prescriptionItemSchema).min(1).max(PRESCRIPTION_MAX_ITEMS),
    notes: text('Notes', { max: CARE_NOTES_MAX_LENGTH, multiline: true }).default(''),
  })
  .strict();
export type PrescriptionBody = z.input<typeof prescriptionBodySchema>;

/** A sick note (from–to, inclusive) or a referral letter (to whom, why). */
export const certificateBodySchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('sick_note'),
      from: day('From'),
      to: day('To'),
      notes: text('Notes', { max: CARE_NOTES_MAX_LENGTH, multiline: true }).default(''),
    })
    .strict(),
  z
    .object({
      kind: z.literal('referral'),
      to: text('Referred to', { max: REFERRAL_TO_MAX_LENGTH, min: 1 }),
      reason: text('Reason', { max: CARE_NOTES_MAX_LENGTH, min: 1, multiline: true }),
      notes: text('Notes', { max: CARE_NOTES_MAX_LENGTH, multiline: true }).default(''),
    })
    .strict(),
]);
export type CertificateBody = z.input<typeof certificateBodySchema>;

export const revokeCareDocumentBodySchema = z
  .object({ reason: text('Reason', { max: REVOKE_REASON_MAX_LENGTH, min: 1, multiline: true }) })
  .strict();

export const careDocumentIdParamsSchema = z.object({ id: z.uuid() });
export const verificationCodeParamsSchema = z.object({ code: safeString('Code', 64) });

/** One issued document as its patient and its doctor see it in the visit's list. */
export const careDocumentSchema = z.object({
  id: z.uuid(),
  appointmentId: z.uuid(),
  kind: careDocumentKindSchema,
  code: z.string(),
  issuedAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
  revokeReason: z.string().nullable(),
  /** What the list shows of it: the medications of a prescription, the days of a sick note, to whom a referral. */
  title: z.string(),
});
export type CareDocument = z.infer<typeof careDocumentSchema>;
export const careDocumentListSchema = z.array(careDocumentSchema);

/**
 * What anyone holding the code learns: whether it stands, its kind, its date and who issued it.
 * Never the medication, the diagnosis or the patient.
 */
export const verificationSchema = z.object({
  /** `superseded`: an after-visit summary whose doctor changed its shared text since; the newer one has its own code. */
  status: z.enum(['valid', 'revoked', 'superseded']),
  kind: z.enum(SIGNED_DOCUMENT_KINDS),
  issuedOn: z.string(),
  revokedOn: z.string().nullable(),
  supersededOn: z.string().nullable().optional(),
  issuer: z.object({ name: z.string(), specialty: z.string(), licenseNumber: z.string() }),
  keyId: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** The public keys a copy of a document can be checked against offline (raw Ed25519, base64url). */
export const verificationKeysSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keys: z.array(z.object({ keyId: z.string(), publicKey: z.string(), current: z.boolean() })),
});
