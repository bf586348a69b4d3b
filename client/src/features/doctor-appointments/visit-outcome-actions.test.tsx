// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoctorBookEntry } from '@common/schemas/reschedule';
import { createQueryClient } from '../../lib/query-client';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { DoctorAppointmentsPage } from './doctor-appointments-page';

const server = startServer();

const DOCTOR = '11111111-1111-4111-8111-111111111111';
const hoursFromNow = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

let nextId = 1;
function entry(over: Partial<DoctorBookEntry>): DoctorBookEntry {
  const id = `22222222-2222-4222-8222-${String(nextId++).padStart(12, '0')}`;
  const startsAt = over.startsAt ?? hoursFromNow(-2);
  return {
    id,
    status: 'confirmed',
    appointmentDate: startsAt.slice(0, 10),
    appointmentTime: '09:00 AM',
    startsAt,
    timeZone: 'UTC',
    consultationType: 'in-person',
    reasonForVisit: 'Knee pain',
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
    createdAt: hoursFromNow(-100),
    patientTimeZone: 'UTC',
    proposal: null,
    outsideHours: false,
    ...over,
  };
}

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The book answers with `rows` as they are now; POST …/complete and …/no-show answer with
 * `outcome` (given the row and the new status), and a success changes the row for later reads.
 */
function setup(rows: DoctorBookEntry[], outcome?: (row: DoctorBookEntry, status: string) => Response) {
  const posts: string[] = [];
  const book = new Map(rows.map((r) => [r.id, r]));
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith('/api/doctor/appointments?'))
        return reply(200, { items: [...book.values()], nextCursor: null });
      const match = /^\/api\/doctor\/appointments\/([^/]+)\/(complete|no-show)$/.exec(url);
      if (match && request.method === 'POST' && outcome) {
        posts.push(`${match[2]} ${match[1]}`);
        const row = book.get(match[1])!;
        const status = match[2] === 'complete' ? 'completed' : 'no-show';
        const answer = outcome(row, status);
        if (answer.ok) book.set(row.id, { ...row, status: status as DoctorBookEntry['status'] });
        return answer;
      }
      return reply(200, {});
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={['/doctor/appointments?when=past']}>
        <DoctorAppointmentsPage />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
  return posts;
}

const ok = (row: DoctorBookEntry, status: string) => reply(200, { ...row, status });

afterEach(cleanup);

const rowOf = (name: string) => screen.getAllByTestId('book-entry').find((li) => li.textContent?.includes(name))!;

describe("the book's visit outcome actions", () => {
  it('are offered only for a paid in-person or phone visit that has started', async () => {
    setup([
      entry({
        patient: {
          id: '33333333-3333-4333-8333-000000000003',
          firstName: 'In',
          lastName: 'Person',
          profileImageUrl: null,
        },
      }),
      entry({
        consultationType: 'voice',
        patient: {
          id: '33333333-3333-4333-8333-000000000004',
          firstName: 'On',
          lastName: 'Phone',
          profileImageUrl: null,
        },
      }),
      entry({
        consultationType: 'video',
        patient: {
          id: '33333333-3333-4333-8333-000000000005',
          firstName: 'On',
          lastName: 'Video',
          profileImageUrl: null,
        },
      }),
      entry({
        startsAt: hoursFromNow(2),
        patient: {
          id: '33333333-3333-4333-8333-000000000006',
          firstName: 'Not',
          lastName: 'Yet',
          profileImageUrl: null,
        },
      }),
      entry({
        status: 'pending',
        patient: {
          id: '33333333-3333-4333-8333-000000000007',
          firstName: 'Un',
          lastName: 'Paid',
          profileImageUrl: null,
        },
      }),
    ]);
    await screen.findByText('In Person');
    const offered = (name: string) =>
      ['Mark as done', "Patient didn't come"].map((label) =>
        Boolean(within(rowOf(name)).queryByRole('button', { name: label })),
      );
    expect(offered('In Person')).toEqual([true, true]);
    expect(offered('On Phone')).toEqual([true, true]);
    expect(offered('On Video')).toEqual([false, false]);
    expect(offered('Not Yet')).toEqual([false, false]);
    expect(offered('Un Paid')).toEqual([false, false]);
    // The buttons sit in a group that names the appointment they act on.
    expect(screen.getAllByRole('group', { name: /^Actions for In Person, / })).toHaveLength(1);
  });

  it('marks a visit done, toasts, and leaves the focus on the row', async () => {
    const user = userEvent.setup();
    const row = entry({});
    const posts = setup([row], ok);
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));

    expect(await screen.findByText('Visit Marked as Done')).toBeTruthy();
    expect(posts).toEqual([`complete ${row.id}`]);
    await waitFor(() => expect(rowOf('Sam Lee').dataset.status).toBe('completed'));
    expect(within(rowOf('Sam Lee')).queryByRole('button', { name: 'Mark as done' })).toBeNull();
    expect(document.activeElement).toBe(rowOf('Sam Lee'));
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    setup([entry({})], () => reply(409, { message: 'Only a confirmed visit that has started can be marked.' }));
    await user.click(await screen.findByRole('button', { name: 'Mark as done' }));
    expect(await screen.findByText('Only a confirmed visit that has started can be marked.')).toBeTruthy();
    expect(screen.getByText('Could Not Mark as Done')).toBeTruthy();
  });

  it("asks before recording that the patient didn't come, which cannot be undone", async () => {
    const user = userEvent.setup();
    const row = entry({});
    const posts = setup([row], ok);
    const trigger = await screen.findByRole('button', { name: "Patient didn't come" });

    await user.click(trigger);
    let dialog = await screen.findByRole('dialog', { name: "Record that Sam Lee didn't come?" });
    expect(dialog.textContent).toContain('This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
    expect(posts).toEqual([]);

    await user.keyboard('{Enter}');
    dialog = await screen.findByRole('dialog', { name: "Record that Sam Lee didn't come?" });
    await user.click(within(dialog).getByRole('button', { name: 'Record No-show' }));
    expect(await screen.findByText('No-show Recorded')).toBeTruthy();
    expect(posts).toEqual([`no-show ${row.id}`]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(rowOf('Sam Lee').dataset.status).toBe('no-show'));
    expect(document.activeElement).toBe(rowOf('Sam Lee'));
  });

  it("keeps the confirmation open with the server's message when it is refused", async () => {
    const user = userEvent.setup();
    setup([entry({})], () => reply(409, { message: 'Only a confirmed visit that has started can be marked.' }));
    await user.click(await screen.findByRole('button', { name: "Patient didn't come" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Record No-show' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Only a confirmed visit that has started can be marked.');
  });
});
