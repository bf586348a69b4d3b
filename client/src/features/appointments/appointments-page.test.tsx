// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testAppointment, TEST_PATIENT_ID } from '../../test-support/appointment';
import { fakeApi, renderScreen, reply } from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { AppointmentsPage } from './appointments-page';

const server = startServer();
beforeAll(async () => {
  await import('@common/schemas/appointment-pages');
});
afterEach(cleanup);

const patient = aCurrentUser({ id: TEST_PATIENT_ID, timeZone: 'UTC' });
const show = () => renderScreen(<AppointmentsPage />, { user: patient, path: '/appointments', route: '/appointments' });
const DAY = 86_400_000;
const visit = (n: number, days: number, patch = {}) =>
  testAppointment({
    id: `22222222-2222-4222-8222-${String(n).padStart(12, '0')}`,
    startsAt: new Date(Date.now() + days * DAY).toISOString(),
    reasonForVisit: `Visit ${n}`,
    ...patch,
  });
const UPCOMING = '/api/patient/appointments?when=upcoming&limit=20';
const PAST = '/api/patient/appointments?when=past&limit=20';
const reasons = (section: HTMLElement) =>
  within(section)
    .queryAllByText(/^Visit \d+$/)
    .map((el) => el.textContent);

describe('My Appointments, a page at a time', () => {
  it('shows the first page of each half and brings later visits only when asked', async () => {
    const sent = fakeApi(server, {
      [`GET ${UPCOMING}`]: { items: [visit(1, 3), visit(2, 5)], nextCursor: 'after-2' },
      [`GET ${UPCOMING}&cursor=after-2`]: { items: [visit(3, 9)], nextCursor: null },
      [`GET ${PAST}`]: { items: [visit(4, -2, { status: 'completed' })], nextCursor: null },
    });
    show();
    const upcoming = (await screen.findByRole('heading', { name: 'Upcoming' })).closest('section')!;
    expect(reasons(upcoming)).toEqual(['Visit 1', 'Visit 2']);
    const past = screen.getByRole('heading', { name: 'Past and cancelled' }).closest('section')!;
    expect(reasons(past)).toEqual(['Visit 4']);
    expect(within(past).queryByRole('button', { name: 'Show older visits' })).toBeNull();

    await userEvent.click(within(upcoming).getByRole('button', { name: 'Show later visits' }));
    await within(upcoming).findByText('Visit 3');
    expect(reasons(upcoming)).toEqual(['Visit 1', 'Visit 2', 'Visit 3']);
    expect(within(upcoming).queryByRole('button', { name: 'Show later visits' })).toBeNull();
    // Focus goes to the first visit the page brought, not back to the top of the page.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('LI'));
    expect(reasons(document.activeElement as HTMLElement)).toEqual(['Visit 3']);
    expect(sent.filter((s) => s.url.startsWith('/api/patient/appointments')).map((s) => s.url)).toEqual([
      UPCOMING,
      PAST,
      `${UPCOMING}&cursor=after-2`,
    ]);
  });

  it('says so when a further page fails, and keeps what is shown', async () => {
    fakeApi(server, {
      [`GET ${UPCOMING}`]: { items: [], nextCursor: null },
      [`GET ${PAST}`]: { items: [visit(5, -1, { status: 'completed' })], nextCursor: 'before-5' },
      [`GET ${PAST}&cursor=before-5`]: () => reply(500, { message: 'Internal' }),
    });
    show();
    const past = (await screen.findByRole('heading', { name: 'Past and cancelled' })).closest('section')!;
    expect(screen.queryByRole('heading', { name: 'Upcoming' })).toBeNull();
    await userEvent.click(within(past).getByRole('button', { name: 'Show older visits' }));
    expect((await within(past).findByRole('alert')).textContent).toBe(
      'More visits could not be loaded. Please try again.',
    );
    expect(reasons(past)).toEqual(['Visit 5']);
  });

  it('invites a new patient to find a doctor when both halves are empty', async () => {
    fakeApi(server, {
      [`GET ${UPCOMING}`]: { items: [], nextCursor: null },
      [`GET ${PAST}`]: { items: [], nextCursor: null },
    });
    show();
    expect(await screen.findByText('No appointments yet')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find Doctors' }).getAttribute('href')).toBe('/doctors');
  });

  it("shows a doctor's proposal for a visit beyond the loaded page, read on its own", async () => {
    const later = visit(30, 40);
    fakeApi(server, {
      [`GET ${UPCOMING}`]: { items: [visit(1, 3)], nextCursor: 'after-1' },
      [`GET ${PAST}`]: { items: [], nextCursor: null },
      'GET /api/appointments/proposals': [
        {
          id: '77777777-7777-4777-8777-777777777777',
          appointmentId: later.id,
          startsAt: new Date(Date.parse(later.startsAt) + 2 * DAY).toISOString(),
          appointmentDate: '2027-01-01',
          appointmentTime: '09:00 AM',
          timeZone: 'UTC',
          createdAt: new Date().toISOString(),
        },
      ],
      [`GET /api/appointments/${later.id}`]: later,
    });
    show();
    const banner = await screen.findByTestId('proposal-banner', undefined, { timeout: 5_000 });
    expect(banner.textContent).toContain('Dr. Ada Okafor proposes to move your video consultation');
    expect(reasons(screen.getByRole('heading', { name: 'Upcoming' }).closest('section')!)).toEqual(['Visit 1']);
  });
});
