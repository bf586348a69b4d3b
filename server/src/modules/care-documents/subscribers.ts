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
    await notify(tx, {
      userId: document.patientId,
      type: 'care_document_revoked',
      priority: 'high',
      text: {
        titleKey: 'rx.notify.revoked.title',
        messageKey: 'rx.notify.revoked.message',
        values: { doctor: doctor?.lastName ?? '', kind: document.kind, date, reason },
      },
    });
  }),
];
