import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SICK_NOTE_MAX_BACKDATE_DAYS,
  SICK_NOTE_MAX_DAYS,
  VERIFICATION_CODE_BYTES,
  VERIFICATION_CODE_PATTERN,
  normalizedCode,
  type CareDocumentKind,
  type SignedDocumentKind,
} from '@common/constants/care-documents';
import { languageOf } from '@common/i18n/negotiate';
import { localDateOf } from '@common/rules/display-time';
import type {
  CareDocument,
  certificateBodySchema,
  prescriptionBodySchema,
  Verification,
} from '@common/schemas/care-documents';
import { localizedError, notFound } from '../../core/errors';
import type { Db } from '../../db/client';
import { careDocuments } from '../../db/schema';
import {
  careDocumentForRevoker,
  documentByCode,
  ownCareDocuments,
  readCareDocuments,
  visitForIssuer,
  type CareVisit,
} from '../../policies/care-document';
import { actorOf, type Viewer } from '../../policies/viewer';
import { personSeen } from '../../policies/visit';
import { recordAudit } from '../audit/record';
import { inUnit, type UnitServices } from '../events/bus';
import { signContent, verifyContent, type KeyRing } from './signing';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

type CareDocumentRow = typeof careDocuments.$inferSelect;
type Body =
  | ({ kind: 'prescription' } & z.output<typeof prescriptionBodySchema>)
  | z.output<typeof certificateBodySchema>;

/** The signed content: everything the PDF says about who, for whom, when and what (decision 082). */
export type SignedContent = {
  v: 1;
  code: string;
  kind: SignedDocumentKind;
  language: string;
  issuedAt: string;
  issuer: { name: string; specialty: string; licenseNumber: string; practice: string };
  patient: { name: string; dateOfBirth: string };
  body: Record<string, unknown>;
};

const STARTED_STATUSES = new Set(['confirmed', 'scheduled', 'completed']);

/** A visit has started once its room opened, or its start time has passed, and it was neither cancelled nor missed. */
export function hasStarted(visit: Pick<CareVisit, 'appointment' | 'consultationStartedAt'>, now: Date): boolean {
  const a = visit.appointment;
  if (!STARTED_STATUSES.has(a.status)) return false;
  return visit.consultationStartedAt !== null || a.startsAt.getTime() <= now.getTime();
}

/** 15 random bytes as RFC 4648 base32 (24 characters, 120 bits): never guessed, never counted up. */
export function newVerificationCode(): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  const bytes = randomBytes(VERIFICATION_CODE_BYTES);
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += alphabet[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  return out;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

function checkSickNote(body: Body, visit: CareVisit, now: Date) {
  if (body.kind !== 'sick_note') return;
  const today = dayNumber(localDateOf(now, visit.appointment.timeZone));
  const from = dayNumber(body.from);
  const to = dayNumber(body.to);
  if (
    from < today - SICK_NOTE_MAX_BACKDATE_DAYS ||
    from > today + SICK_NOTE_MAX_BACKDATE_DAYS ||
    to < from ||
    to - from + 1 > SICK_NOTE_MAX_DAYS
  ) {
    throw localizedError(
      'bad_request',
      'rx.errors.sickNoteDates',
      { backdate: SICK_NOTE_MAX_BACKDATE_DAYS, max: SICK_NOTE_MAX_DAYS },
      {
        from: {
          key: 'rx.errors.sickNoteDates',
          values: { backdate: SICK_NOTE_MAX_BACKDATE_DAYS, max: SICK_NOTE_MAX_DAYS },
        },
      },
    );
  }
}

const practiceOf = (visit: CareVisit) =>
  [visit.officeAddress, visit.location, visit.country].filter((part) => part && part.trim()).join(', ');

/**
 * Issues one document on a visit that has started, as its doctor: signs its canonical content with
 * the current key and stores it with its code, in one transaction with the audit line (which names
 * the kind, never the content).
 */
export async function issueCareDocument(
  services: UnitServices,
  keys: KeyRing,
  viewer: Viewer,
  appointmentId: string,
  body: Body,
  now: Date,
): Promise<CareDocument> {
  const { db } = services;
  const visit = await visitForIssuer(db, viewer, appointmentId);
  if (!hasStarted(visit, now)) throw localizedError('conflict', 'rx.errors.notStarted');
  checkSickNote(body, visit, now);
  const key = await keys.current();
  const code = newVerificationCode();
  const { kind, ...rest } = body;
  const content: SignedContent = {
    v: 1,
    code,
    kind,
    language: languageOf(visit.patientLanguage) ?? DEFAULT_LANGUAGE,
    issuedAt: now.toISOString(),
    issuer: {
      name: `Dr. ${visit.doctorFirstName} ${visit.doctorLastName}`,
      specialty: visit.specialty,
      licenseNumber: visit.licenseNumber ?? '',
      practice: practiceOf(visit),
    },
    patient: personSeen(visit),
    body: rest,
  };
  const signature = signContent(key, content);
  return inUnit(services, now, async ({ tx }) => {
    const [row] = await tx
      .insert(careDocuments)
      .values({
        appointmentId,
        patientId: visit.appointment.patientId,
        doctorId: visit.doctorId,
        kind,
        code,
        language: content.language,
        content,
        keyId: key.keyId,
        signature,
        issuedAt: now,
      })
      .returning();
    await recordAudit(
      tx,
      actorOf(viewer),
      {
        action: 'care_document.issue',
        target: { type: 'care_document', id: row.id },
        subjectUserId: visit.appointment.patientId,
        after: { kind, appointmentId },
      },
      now,
    );
    return presentCareDocument(row);
  });
}

/** What the visit's list shows of a document: its medications, its days or its addressee. */
function titleOf(row: CareDocumentRow): string {
  const body = (row.content as SignedContent).body;
  if (row.kind === 'prescription') {
    return ((body.items as { medication: string }[]) ?? []).map((i) => i.medication).join(', ');
  }
  if (row.kind === 'sick_note') return `${String(body.from)} – ${String(body.to)}`;
  return String(body.to ?? '');
}

/** Lists show issued documents only; the policy keeps after-visit summaries out of them. */
export const presentCareDocument = (row: CareDocumentRow): CareDocument => ({
  id: row.id,
  appointmentId: row.appointmentId,
  kind: row.kind as CareDocumentKind,
  code: row.code,
  issuedAt: row.issuedAt.toISOString(),
  revokedAt: row.revokedAt?.toISOString() ?? null,
  revokeReason: row.revokeReason,
  title: titleOf(row),
});

/**
 * The patient's prescriptions and certificates for their data export: everything each says, as
 * signed (the issuer as they were when they signed), its status and where to check and fetch it.
 */
export async function exportCareDocuments(db: Db, viewer: Viewer) {
  return (await ownCareDocuments(db, viewer)).map(({ document: row, familyMemberId }) => {
    const content = row.content as SignedContent;
    return {
      id: row.id,
      appointmentId: row.appointmentId,
      familyMemberId,
      kind: row.kind,
      issuedAt: row.issuedAt.toISOString(),
      language: row.language,
      issuer: content.issuer,
      patient: content.patient,
      status: statusOf(row),
      revokedAt: row.revokedAt?.toISOString() ?? null,
      revokeReason: row.revokeReason,
      ...(row.kind === 'visit_summary' && { supersededAt: row.supersededAt?.toISOString() ?? null }),
      verificationCode: row.code,
      verify: `/verify/${row.code}`,
      // Items and notes of a prescription; days and notes of a sick note; to whom and why of a
      // referral; the shared text of an after-visit summary as it stood when signed.
      content: content.body,
      pdf:
        row.kind === 'visit_summary'
          ? `/api/appointments/${row.appointmentId}/visit-summary.pdf`
          : `/api/care-documents/${row.id}/pdf`,
    };
  });
}

const statusOf = (row: CareDocumentRow) =>
  row.revokedAt ? ('revoked' as const) : row.supersededAt ? ('superseded' as const) : ('valid' as const);

export async function listCareDocuments(db: Db, viewer: Viewer, appointmentId: string, now: Date) {
  return (await readCareDocuments(db, viewer, appointmentId, now)).map(presentCareDocument);
}

/** Revokes one of the viewer's own documents, with a reason; the patient is told (event subscribers). */
export async function revokeCareDocument(
  services: UnitServices,
  viewer: Viewer,
  id: string,
  reason: string,
  now: Date,
): Promise<CareDocument> {
  const document = await careDocumentForRevoker(services.db, viewer, id);
  if (document.revokedAt) throw localizedError('conflict', 'rx.errors.alreadyRevoked');
  return inUnit(services, now, async (unit) => {
    const [row] = await unit.tx
      .update(careDocuments)
      .set({ revokedAt: now, revokeReason: reason })
      .where(and(eq(careDocuments.id, id), isNull(careDocuments.revokedAt)))
      .returning();
    // A concurrent revocation won: the same answer as if it had come first.
    if (!row) throw localizedError('conflict', 'rx.errors.alreadyRevoked');
    await recordAudit(
      unit.tx,
      actorOf(viewer),
      {
        action: 'care_document.revoke',
        target: { type: 'care_document', id },
        subjectUserId: row.patientId,
        before: { revoked: false },
        after: { revoked: true },
      },
      now,
    );
    await unit.emit('care_document.revoked', { document: row });
    return presentCareDocument(row);
  });
}

/**
 * What a code says to anyone: valid or revoked, kind, date, issuer with licence. A code that is not
 * well formed, unknown, or whose stored signature no longer checks out against its key is a 404:
 * a forged or altered document is indistinguishable from none.
 */
export async function verifyCode(db: Db, keys: KeyRing, input: string): Promise<Verification> {
  const code = normalizedCode(input);
  if (!VERIFICATION_CODE_PATTERN.test(code)) throw notFound('Document');
  const row = await documentByCode(db, code);
  if (!row) throw notFound('Document');
  const key = (await keys.all()).find((k) => k.keyId === row.keyId);
  const content = row.content as SignedContent;
  if (!key || content.code !== code || !verifyContent(key.publicKey, content, row.signature)) {
    throw notFound('Document');
  }
  return {
    status: statusOf(row),
    kind: row.kind,
    issuedOn: content.issuedAt.slice(0, 10),
    revokedOn: row.revokedAt ? row.revokedAt.toISOString().slice(0, 10) : null,
    supersededOn: row.supersededAt ? row.supersededAt.toISOString().slice(0, 10) : null,
    issuer: {
      name: content.issuer.name,
      specialty: content.issuer.specialty,
      licenseNumber: content.issuer.licenseNumber,
    },
    keyId: row.keyId,
  };
}

export async function publishedKeys(keys: KeyRing) {
  const current = await keys.current();
  const all = await keys.all();
  return {
    algorithm: 'Ed25519' as const,
    keys: all.map((k) => ({ keyId: k.keyId, publicKey: k.publicKey, current: k.keyId === current.keyId })),
  };
}
