// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { TodaySchedule } from './today-schedule';

const server = startServer();

const DOCTOR = '11111111-1111-4111-8111-111111111111';
const minutesFromNow = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

let nextId = 1;
function visit(over: Partial<Appointment>): Appointment {
  const id = `22222222-2222-4222-8222-${String(nextId++).padStart(12, '0')}`;
  const startsAt = over.startsAt ?? minutesFromNow(5);
  return {
    id,
    status: 'confirmed',
    appointmentDate: startsAt.slice(0, 10),
    appointmentTime: '09:00 AM',
    startsAt,
    timeZone: 'UTC',
    durationMinutes: 30,
    consultationType: 'video',
    reasonForVisit: 'Cough',
    additionalNotes: null,
    fee: 5000,
    payment: { status: 'succeeded', refundedAmount: 0 },
    doctorId: DOCTOR,
    patientId: '33333333-3333-4333-8333-333333333333',
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
    patient: { id: '33333333-3333-4333-8333-333333333333', firstName: 'Sam', lastName: 'Lee', profileImageUrl: null },
    hasReview: false,
    cancelledAt: null,
    cancellationReason: null,
    createdAt: minutesFromNow(-1000),
    ...over,
  };
}

afterEach(cleanup);

function show(appointments: Appointment[]) {
  server.use(http.all('*', () => new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } })));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <TodaySchedule appointments={appointments} isLoading={false} timeZone="UTC" />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const rowOf = (name: string) => screen.getAllByRole('listitem').find((li) => li.textContent?.includes(name))!;

// The first render loads the texts, slow on a shared machine.
describe("the doctor's today card", { timeout: 30_000 }, () => {
  it('offers Join for a voice visit in its window, as for a video visit, and none for an in-person one', () => {
    const voice = visit({
      consultationType: 'voice',
      patient: { id: '4', firstName: 'On', lastName: 'Phone', profileImageUrl: null },
    });
    show([
      voice,
      visit({ patient: { id: '5', firstName: 'On', lastName: 'Video', profileImageUrl: null } }),
      visit({
        consultationType: 'in-person',
        patient: { id: '6', firstName: 'In', lastName: 'Person', profileImageUrl: null },
      }),
    ]);
    const join = within(rowOf('On Phone')).getByRole('link', { name: 'Join Voice' });
    expect(join.getAttribute('href')).toBe(`/consultation?appointmentId=${voice.id}`);
    expect(within(rowOf('On Video')).getByRole('link', { name: 'Join Video' })).toBeTruthy();
    expect(within(rowOf('In Person')).queryByRole('link', { name: /^Join/ })).toBeNull();
  });

  it('says when Join comes for a voice visit whose window has not opened', () => {
    show([
      visit({
        consultationType: 'voice',
        startsAt: minutesFromNow(120),
        patient: { id: '4', firstName: 'Later', lastName: 'Call', profileImageUrl: null },
      }),
    ]);
    expect(within(rowOf('Later Call')).queryByRole('link', { name: 'Join Voice' })).toBeNull();
    expect(rowOf('Later Call').textContent).toContain('Join Voice');
  });
});
