import type { z } from 'zod';
import {
  createPatientProfileSchema,
  dateOfBirthProblem,
  updatePatientProfileSchema,
} from '@common/schemas/patient-profile';

type Shape = { dateOfBirth: string };

// The server checks the age against its clock; the form checks it against the browser's, so the
// message appears on the field before anything is sent.
const withAge = <S extends z.ZodType<Shape>>(schema: S) =>
  schema.superRefine((value, ctx) => {
    const problem = dateOfBirthProblem(value.dateOfBirth, new Date());
    if (problem) ctx.addIssue({ code: 'custom', path: ['dateOfBirth'], message: problem });
  });

export const createPatientFormSchema = withAge(createPatientProfileSchema);
export const updatePatientFormSchema = withAge(updatePatientProfileSchema);

export const EMPTY_PATIENT_FIELDS = {
  dateOfBirth: '',
  gender: '' as never,
  phoneNumber: '',
  address: '',
  city: '',
  state: '',
  zipCode: '',
  country: '',
  emergencyContactName: '',
  emergencyContactPhone: '',
  emergencyContactRelation: '' as never,
  medicalHistory: '',
  currentMedications: '',
  allergies: '',
  preferredLanguage: 'English' as const,
};
