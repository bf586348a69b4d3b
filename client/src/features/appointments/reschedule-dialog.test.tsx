// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { Appointment } from '@common/schemas/appointments';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { RescheduleDialog } from './reschedule-dialog';

const server = startServer();

/** The text of the elements an element's aria-describedby points to: what a screen reader adds to its name. */
const description = (el: Element) =>
  (el.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const DOCTOR = '11111111-1111-4111-8111-111111111111';
const dayAhead = (days: number, hour: number) => {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};
const slot = (startsAt: string, available = true) => ({
  date: startsAt.slice(0, 10),
  time: startsAt.slice(11, 16),
  label: `${startsAt.slice(11, 13)}:00 AM`,
  startsAt,
  available,
});

const appointment = {
  id: '22222222-2222-4222-8222-222222222222',
  status: 'confirmed',
  appointmentDate: dayAhead(5, 9).slice(0, 10),
  appointmentTime: '09:00 AM',
  startsAt: dayAhead(5, 9),
  timeZone: 'UTC',
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
  createdAt: new Date().toISOString(),
} satisfies Appointment;

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** `availability` answers in turn (the last one repeats); `moves` likewise for POST …/reschedule. */
function setup(availability: ReturnType<typeof slot>[][], moves: (() => Response)[]) {
  const calls = { availability: 0, moves: [] as unknown[] };
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith(`/api/doctors/${DOCTOR}/availability?`)) {
        const slots = availability[Math.min(calls.availability++, availability.length - 1)];
        return reply(200, { doctorId: DOCTOR, date: slots[0]?.date ?? '', timeZone: 'UTC', slots });
      }
      if (url === `/api/appointments/${appointment.id}/reschedule`) {
        calls.moves.push(await request.json());
        return moves[Math.min(calls.moves.length - 1, moves.length - 1)]();
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <RescheduleDialog appointment={appointment} />
    </QueryClientProvider>,
  );
  return calls;
}

afterEach(cleanup);

const ten = dayAhead(3, 10);
const eleven = dayAhead(3, 11);

describe('RescheduleDialog', () => {
  it('opens a labelled dialog with the free times and the payment note, and Escape closes it', async () => {
    const user = userEvent.setup();
    setup([[slot(ten), slot(eleven, false), slot(dayAhead(4, 9))]], []);
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(dialog.textContent).toContain('Your payment carries over');
    const times = await within(dialog).findByRole('radiogroup', { name: 'Available times' });
    // Taken slots are not offered; the first day with free times is shown.
    expect(
      within(times)
        .getAllByRole('radio')
        .map((r) => r.textContent),
    ).toEqual(['10:00 AM']);
    expect(within(dialog).getAllByRole('radio', { checked: true })).toHaveLength(1); // the day
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("keeps the dialog open with the server's message and fresh times when the slot was just taken", async () => {
    const user = userEvent.setup();
    const calls = setup(
      [
        [slot(ten), slot(eleven)],
        [slot(ten, false), slot(eleven)],
      ],
      [
        () => reply(409, { message: 'This time slot has just been booked. Please choose another time.' }),
        () => reply(200, { ...appointment, startsAt: eleven }),
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Reschedule' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm New Time' });
    // Unavailable until a time is chosen, and it says so beside the button.
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(description(confirm)).toBe('Choose a new time first.');
    expect(within(dialog).getByText('Choose a new time first.').className).not.toContain('sr-only');
    await user.click(await within(dialog).findByRole('radio', { name: '10:00 AM' }));
    expect(confirm.hasAttribute('aria-disabled')).toBe(false);
    await user.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toContain('This time slot has just been booked.');
    await waitFor(() => expect(within(dialog).queryByRole('radio', { name: '10:00 AM' })).toBeNull());
    expect(calls.availability).toBe(2);

    await user.click(within(dialog).getByRole('radio', { name: '11:00 AM' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm New Time' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.moves).toEqual([
      { appointmentDate: ten.slice(0, 10), appointmentTime: '10:00 AM' },
      { appointmentDate: eleven.slice(0, 10), appointmentTime: '11:00 AM' },
    ]);
  });
});
