// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { testAppointment } from '../../test-support/appointment';
import { AppointmentActions } from './appointment-actions';

const start = new Date('2026-11-20T15:00:00Z');
const minutes = (m: number) => new Date(start.getTime() + m * 60_000);

const appointment = (patch: Partial<Appointment> = {}) => testAppointment({ startsAt: start.toISOString(), ...patch });

const show = (a: Appointment, now: Date) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AppointmentActions appointment={a} now={now} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe('Join on My Appointments', () => {
  it('is not offered for a confirmed visit whose time has passed', () => {
    show(appointment(), minutes(31));
    expect(screen.queryByRole('link', { name: /Join Video Call/ })).toBeNull();
    expect(screen.queryByText(/opens 15 minutes before/)).toBeNull();
    expect(screen.queryByRole('link', { name: /Add to calendar/ })).toBeNull();
  });

  it('is not offered days later either', () => {
    show(appointment({ consultationType: 'voice' }), minutes(3 * 24 * 60));
    expect(screen.queryByRole('link', { name: /Join Voice Call/ })).toBeNull();
  });

  it('appears from 15 minutes before the start until the end of the visit', () => {
    show(appointment(), minutes(-15));
    expect(screen.getByRole('link', { name: /Join Video Call/ }).getAttribute('href')).toBe(
      '/consultation?appointmentId=22222222-2222-4222-8222-000000000001',
    );
    cleanup();
    show(appointment({ durationMinutes: 45 }), minutes(40));
    expect(screen.getByRole('link', { name: /Join Video Call/ })).toBeTruthy();
  });

  it('says when it will come before its window opens', () => {
    show(appointment({ consultationType: 'voice' }), minutes(-16));
    expect(screen.queryByRole('link', { name: /Join Voice Call/ })).toBeNull();
    expect(screen.getByText('Join Voice Call opens 15 minutes before the start.')).toBeTruthy();
  });

  it('is never offered for an unpaid hold, even inside the window', () => {
    show(appointment({ status: 'pending', payment: null }), minutes(0));
    expect(screen.queryByRole('link', { name: /Join Video Call/ })).toBeNull();
    expect(screen.getByRole('link', { name: /Pay Now/ })).toBeTruthy();
  });
});
