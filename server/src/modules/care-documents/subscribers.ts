import { eq } from 'drizzle-orm';
import { users, doctors } from '../../db/schema';
import { on } from '../events/bus';
import { notify } from '../notifications/service';

/** The bell of a revocation: the kind, its date and the reason the doctor gave; never what it said. */
export const careDocumentSubscribers = [
  on('care_document.revoked', 'bell: the patient hears a document was revoked', async ({ document }, { tx }) => {
    const [doctor] = await tx
      .select({ lastName: users.lastName })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(eq(doctors.id, document.doctorId));
    const date = document.issuedAt.toISOString().slice(0, 10);
    const reason = document.revokeReason ?? '';
    const kindWord = {
      prescription: 'prescription',
      sick_note: 'sick note',
      referral: 'referral letter',
      // Never revoked (the policy refuses it); named so the table stays total.
      visit_summary: 'after-visit summary',
    }[document.kind];
    await notify(tx, {
      userId: document.patientId,
      type: 'care_document_revoked',
      title: 'A document was revoked',
      message: `Dr. ${doctor?.lastName ?? ''} revoked your ${kindWord} of ${date}. Reason: ${reason}`,
      priority: 'high',
      text: {
        titleKey: 'rx.notify.revoked.title',
        messageKey: 'rx.notify.revoked.message',
        values: { doctor: doctor?.lastName ?? '', kind: document.kind, date, reason },
      },
    });
  }),
];
