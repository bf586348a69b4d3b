import type { DoctorApplicationInput, DoctorApplicationReply } from '@common/schemas/doctor-applications';
import { dollarsToCents } from '@common/rules/money';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { doctorApplications } from '../../db/schema';
import { localizedError } from '../../core/errors';

/** Stores an application as pending; the partial unique index refuses a second open one per e-mail. */
export async function submitApplication(db: Db, input: DoctorApplicationInput): Promise<DoctorApplicationReply> {
  try {
    const [row] = await db
      .insert(doctorApplications)
      .values({ ...input, consultationFee: dollarsToCents(input.consultationFee), status: 'pending' })
      .returning({
        id: doctorApplications.id,
        status: doctorApplications.status,
        createdAt: doctorApplications.createdAt,
      });
    return { id: row.id, status: row.status, createdAt: row.createdAt.toISOString() };
  } catch (error) {
    if (isUniqueViolation(error, 'doctor_applications_pending_email_key')) {
      throw localizedError('conflict', 'errors.applicationEmailUnderReview');
    }
    throw error;
  }
}
