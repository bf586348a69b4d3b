// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { createQueryClient } from '../../lib/query-client';
import { BookEntry } from './book-entry';

const DOCTOR = '11111111-1111-4111-8111-111111111111';
const PATIENT = '33333333-3333-4333-8333-333333333333';
const startsAt = new Date(Date.now() + 5 * 86_400_000).toISOString();

const entry = (outsideHours: boolean): DoctorBookEntry => ({
  id: '22222222-2222-4222-8222-000000000001',
  status: 'confirmed',
  appointmentDate: startsAt.slice(0, 10),
  appointmentTime: '09:00 AM',
  startsAt,
  timeZone: 'UTC',
  consultationType: 'video',
  reasonForVisit: 'Knee pain',
  additionalNotes: null,
  fee: 5000,
  payment: { status: 'succeeded', refundedAmount: 0 },
  doctorId: DOCTOR,
  patientId: PATIENT,
  doctor: {
    id: DOCTOR,
    user: { firstName: 'Ada', lastName: 'Okafor', profileImageUrl: null },
    specialty: 'Family Medicine',
    consultationFee: 5000,
    location: 'Lagos',
    country: 'Nigeria',
    officeAddress: null,
    timeZone: 'UTC',
  },
  patient: { id: PATIENT, firstName: 'Sam', lastName: 'Lee', profileImageUrl: null },
  hasReview: false,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: new Date().toISOString(),
  patientTimeZone: 'UTC',
  proposal: null,
  outsideHours,
});

const show = (e: DoctorBookEntry) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <ul>
          <BookEntry entry={e} now={new Date()} />
        </ul>
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe("the doctor's book", () => {
  it('flags a booking the hours no longer cover and says what the doctor can do', () => {
    show(entry(true));
    expect(screen.getByText('Outside your hours now')).toBeTruthy();
    expect(screen.getByText(/Propose a new time or cancel it\./)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Propose/ })).toBeTruthy();
  });

  it('says nothing of the kind for a booking inside the hours', () => {
    show(entry(false));
    expect(screen.queryByText('Outside your hours now')).toBeNull();
  });
});
