import { eq } from 'drizzle-orm';
import {
  dateOfBirthProblem,
  type CreatePatientProfile,
  type PatientProfile,
  type PatientProfileFields,
} from '@common/schemas/patient-profile';
import type { SessionUser } from '../../core/session-user';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { patientProfiles } from '../../db/schema';
import { badRequest, localizedError, notFound } from '../../core/errors';
import { auditActor, recordAudit } from '../audit/record';
import type { PatientProfileRow } from '../../policies/patient-record';

type ProfileRow = PatientProfileRow;

export function presentPatientProfile(row: ProfileRow): PatientProfile {
  return {
    userId: row.userId,
    dateOfBirth: row.dateOfBirth,
    gender: row.gender,
    phoneNumber: row.phoneNumber,
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode,
    country: row.country,
    emergencyContactName: row.emergencyContactName,
    emergencyContactPhone: row.emergencyContactPhone,
    emergencyContactRelation: row.emergencyContactRelation,
    medicalHistory: row.medicalHistory,
    currentMedications: row.currentMedications,
    allergies: row.allergies,
    preferredLanguage: row.preferredLanguage,
    agreedToTerms: true,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function columns(input: PatientProfileFields, now: Date) {
  const problem = dateOfBirthProblem(input.dateOfBirth, now);
  if (problem) throw badRequest(problem, { dateOfBirth: problem });
  const orNull = (value: string | null | undefined) => (value ? value : null);
  return {
    dateOfBirth: input.dateOfBirth,
    gender: input.gender,
    phoneNumber: input.phoneNumber,
    address: input.address,
    city: input.city,
    state: orNull(input.state),
    zipCode: orNull(input.zipCode),
    country: input.country,
    emergencyContactName: input.emergencyContactName,
    emergencyContactPhone: input.emergencyContactPhone,
    emergencyContactRelation: input.emergencyContactRelation,
    medicalHistory: orNull(input.medicalHistory),
    currentMedications: orNull(input.currentMedications),
    allergies: orNull(input.allergies),
    preferredLanguage: input.preferredLanguage ?? 'English',
    updatedAt: now,
  };
}

// The audit keeps which fields changed, never their values: they are health data.
const changedFields = (input: PatientProfileFields) => ({ fields: Object.keys(input).sort() });

export async function createPatientProfile(
  db: Db,
  request: { id: unknown },
  user: SessionUser,
  input: CreatePatientProfile,
  now: Date,
): Promise<PatientProfile> {
  const values = columns(input, now);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(patientProfiles)
        .values({ ...values, userId: user.id, agreedToTermsAt: now, createdAt: now })
        .returning();
      await recordAudit(
        tx,
        auditActor(request, user),
        {
          action: 'patient_profile.create',
          target: { type: 'patient_profile', id: user.id },
          subjectUserId: user.id,
          after: changedFields(input),
        },
        now,
      );
      return presentPatientProfile(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw localizedError('conflict', 'errors.patientProfileEditProfile');
    throw error;
  }
}

export async function updatePatientProfile(
  db: Db,
  request: { id: unknown },
  user: SessionUser,
  input: PatientProfileFields,
  now: Date,
): Promise<PatientProfile> {
  const values = columns(input, now);
  return db.transaction(async (tx) => {
    const [row] = await tx.update(patientProfiles).set(values).where(eq(patientProfiles.userId, user.id)).returning();
    if (!row) throw notFound('Patient profile');
    await recordAudit(
      tx,
      auditActor(request, user),
      {
        action: 'patient_profile.update',
        target: { type: 'patient_profile', id: user.id },
        subjectUserId: user.id,
        after: changedFields(input),
      },
      now,
    );
    return presentPatientProfile(row);
  });
}
