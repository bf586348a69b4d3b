import type { SeenDoctor } from '@common/schemas/appointment-pages';
import type { Appointment } from '@common/schemas/appointments';

export const TEST_DOCTOR_ID = '11111111-1111-4111-8111-111111111111';
export const TEST_PATIENT_ID = '33333333-3333-4333-8333-333333333333';

/** A paid video visit as the API returns it; tests override what they are about. */
export const testAppointment = (patch: Partial<Appointment> = {}): Appointment => ({
  id: '22222222-2222-4222-8222-000000000001',
  status: 'confirmed',
  appointmentDate: '2026-11-20',
  appointmentTime: '03:00 PM',
  startsAt: '2026-11-20T15:00:00.000Z',
  timeZone: 'UTC',
  durationMinutes: 30,
  consultationType: 'video',
  reasonForVisit: 'Knee pain',
  additionalNotes: null,
  fee: 5000,
  payment: { status: 'succeeded', refundedAmount: 0 },
  doctorId: TEST_DOCTOR_ID,
  patientId: TEST_PATIENT_ID,
  doctor: {
    id: TEST_DOCTOR_ID,
    user: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    specialty: 'Family Medicine',
    consultationFee: 5000,
    location: 'Lagos',
    country: 'Nigeria',
    officeAddress: null,
    timeZone: 'UTC',
  },
  patient: { id: TEST_PATIENT_ID, firstName: 'Sam', lastName: 'Lee', profileImageUrl: null },
  hasReview: false,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: '2026-11-01T10:00:00Z',
  ...patch,
});

/** The doctor of testAppointment(), as GET /api/patient/doctors names one. */
export const aSeenDoctor = (overrides: Partial<SeenDoctor> = {}): SeenDoctor => ({
  doctorId: TEST_DOCTOR_ID,
  firstName: 'Ada',
  lastName: 'Okafor',
  specialty: 'Family Medicine',
  ...overrides,
});
