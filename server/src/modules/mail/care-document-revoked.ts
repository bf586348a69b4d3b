import { eq } from 'drizzle-orm';
import { formatDate } from '@common/i18n/format';
import { languageOf } from '@common/i18n/negotiate';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { revocationNoticeOf } from '../../policies/care-document';
import { translate } from '../../core/i18n';
import type { Composition } from './composition';
import { DEFAULT_LANGUAGE } from '@common/i18n/languages';

/**
 * "Your doctor revoked a document": which kind, its date, who and why. Never its medication,
 * dates off work or referral (the signed content is not read here at all): an inbox can be read by
 * anyone who has it.
 */
export async function composeCareDocumentRevoked(
  db: Db,
  origin: string,
  payload: { documentId: string },
): Promise<Composition> {
  const row = await revocationNoticeOf(db, payload.documentId);
  if (!row) return { dropped: 'the document no longer exists' };
  if (row.deletedAt) return { dropped: 'the account was deleted' };
  if (!row.reason) return { dropped: 'the document is not revoked' };
  const [doctor] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.doctorUserId));
  const language = languageOf(row.language) ?? DEFAULT_LANGUAGE;
  const t = (key: Parameters<typeof translate>[1], values?: Parameters<typeof translate>[2]) =>
    translate(language, key, values);
  const url = `${origin}/appointments`;
  const subject = t('rx.mail.revoked.subject');
  return {
    kind: 'care_document_revoked',
    userId: row.patientId,
    toAddress: row.email,
    appointmentId: row.appointmentId,
    content: {
      subject,
      heading: subject,
      paragraphs: [
        t('mail.greeting.patient', { name: row.firstName }),
        t('rx.mail.revoked.line', {
          doctor: `Dr. ${doctor?.firstName ?? ''} ${doctor?.lastName ?? ''}`.trim(),
          kind: row.kind,
          date: formatDate(row.issuedAt, 'day', language, row.zone ?? 'UTC'),
          reason: row.reason,
        }),
        t('rx.mail.revoked.after'),
      ],
      action: { label: t('rx.mail.revoked.action'), url },
      language,
    },
    ics: null,
    suppressed: false,
  };
}
