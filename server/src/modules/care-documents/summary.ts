import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { currentSummaryRow } from '../../policies/care-document';
import { careDocuments } from '../../db/schema';
import type { ClinicalParties } from '../platform/pdf-clinical';
import { newVerificationCode, type SignedContent } from './service';
import { canonical, signContent, type SigningKey } from './signing';

/*
 * The after-visit summary's verification code (decision 093). A shared summary is a `care_documents`
 * row of kind `visit_summary` whose signed content holds the shared text; when the doctor changes
 * that text the row is superseded and a new one (new code) stands. So a copy printed before the
 * change verifies as "superseded", never as valid with words the doctor no longer stands by.
 */

export type SummaryBody = { startsAt: string; diagnosis: string; advice: string; followUpDays: number | null };
export type SummaryParties = ClinicalParties & {
  appointmentId: string;
  patientId: string;
  doctorId: string;
  language: string;
};

type Tx = Pick<Db, 'select' | 'insert' | 'update'>;

/** The summary's current signed row, if it was shared (null for a draft or one shared before codes existed). */
export const currentSummaryDocument = (db: Db, appointmentId: string) => currentSummaryRow(db, appointmentId);

/**
 * Makes the signed row match the shared text: keeps the current one when the text is the same,
 * otherwise supersedes it and signs a new one. Callers that save the notes hold the notes row's lock,
 * so two saves of one visit take turns; a concurrent first download loses to the unique index and
 * reads the winner's row.
 */
export async function signSharedSummary(
  db: Tx,
  key: SigningKey,
  parties: SummaryParties,
  body: SummaryBody,
  now: Date,
) {
  const current = await currentSummaryRow(db, parties.appointmentId);
  if (current && canonical((current.content as SignedContent).body) === canonical(body)) return current;
  if (current) {
    await db
      .update(careDocuments)
      .set({ supersededAt: now })
      .where(and(eq(careDocuments.id, current.id), isNull(careDocuments.supersededAt)));
  }
  const code = newVerificationCode();
  const content: SignedContent = {
    v: 1,
    code,
    kind: 'visit_summary',
    language: parties.language,
    issuedAt: now.toISOString(),
    issuer: parties.issuer,
    patient: parties.patient,
    body,
  };
  const [row] = await db
    .insert(careDocuments)
    .values({
      appointmentId: parties.appointmentId,
      patientId: parties.patientId,
      doctorId: parties.doctorId,
      kind: 'visit_summary',
      code,
      language: parties.language,
      content,
      keyId: key.keyId,
      signature: signContent(key, content),
      issuedAt: now,
    })
    .onConflictDoNothing()
    .returning();
  return row ?? (await currentSummaryRow(db, parties.appointmentId));
}
