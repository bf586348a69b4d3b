// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { aCurrentUser } from '../../test-support/current-user';
import { pathOf, startServer } from '../../test-support/msw';
import { WaitlistList } from './waitlist-list';

const server = startServer();

afterEach(cleanup);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Who is signed in: a patient unless a test says otherwise. */
const signedIn = (userType: 'patient' | 'doctor' = 'patient') =>
  http.get('*/api/auth/user', () => json(aCurrentUser({ userType })));

const entry = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  doctorId: '7a2d9b63-1e8f-4c9f-8b54-3a6c8d2e0f21',
  doctorName: 'Dr. Amara Okafor',
  consultationType: 'video' as const,
  before: '2026-12-20',
  familyMemberId: null,
  status: 'offered' as const,
  offer: {
    appointmentId: '8b3e0c74-2f90-4da0-9c65-4b7d9e3f1a32',
    startsAt: '2026-12-10T14:00:00.000Z',
    expiresAt: '2026-12-02T12:15:00.000Z',
  },
  createdAt: '2026-12-02T11:00:00.000Z',
};

describe('My Appointments: waiting for an earlier time', () => {
  it('shows a held offer with its checkout, never a count, and leaving asks first, then sends DELETE', async () => {
    const sent: { method: string; url: string }[] = [];
    let list: object[] = [
      entry,
      { ...entry, id: '9c4f1d85-3a01-4eb1-8d76-5c8e0f4a2b43', status: 'active', offer: null },
    ];
    server.use(
      signedIn(),
      http.all('*', ({ request }) => {
        const method = request.method;
        if (method === 'GET') return json(list);
        sent.push({ method, url: pathOf(request) });
        list = list.slice(1);
        return new Response(null, { status: 204 });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <WaitlistList />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const pay = await screen.findByRole('link', { name: /Pay to book/ });
    expect(pay.getAttribute('href')).toBe(`/checkout?appointmentId=${entry.offer.appointmentId}`);
    expect(screen.getByText(/Held for you until/)).toBeTruthy();
    expect(screen.getByText('You will be told')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/\d+ (people|others)|place in line|position/i);

    await userEvent.click(screen.getAllByRole('button', { name: 'Stop waiting' })[0]);
    expect(sent).toEqual([]);
    await userEvent.click(await screen.findByRole('button', { name: 'Stop waiting', hidden: false }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', url: `/api/waitlist/${entry.id}` }]));
  });

  it('shows nothing when I wait for nothing', async () => {
    const asked: string[] = [];
    server.use(
      signedIn(),
      http.all('*', ({ request }) => {
        asked.push(pathOf(request));
        return json([]);
      }),
    );
    const { container } = render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <WaitlistList />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(asked).not.toEqual([]));
    expect(container.textContent).toBe('');
  });

  it("asks nothing on a doctor's My Appointments: waiting lines are a patient's (the server would answer 403)", async () => {
    const asked: string[] = [];
    server.use(
      signedIn('doctor'),
      http.all('*', ({ request }) => {
        asked.push(pathOf(request));
        return json([]);
      }),
    );
    const client = createQueryClient();
    const { container } = render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <WaitlistList />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    await waitFor(() => expect(client.getQueryData(['/api/auth/user'])).toBeTruthy());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
    expect(container.textContent).toBe('');
  });
});
