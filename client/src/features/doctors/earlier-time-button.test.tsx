// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { currentUserQuery } from '../../lib/current-user';
import { createQueryClient } from '../../lib/query-client';
import { aCurrentUser } from '../../test-support/current-user';
import { pathOf, startServer } from '../../test-support/msw';
import { EarlierTimeButton } from './earlier-time-button';

const server = startServer();

afterEach(cleanup);

const DOCTOR = '7a2d9b63-1e8f-4c9f-8b54-3a6c8d2e0f21';
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(userType: 'patient' | 'doctor') {
  const posted: unknown[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/auth/user') return json(aCurrentUser({ userType }));
      if (url === '/api/family-members') return json([]);
      if (url === '/api/waitlist' && request.method === 'POST') {
        const body = (await request.json()) as { before: string; consultationType: string };
        posted.push(body);
        if (body.before === '2020-01-01') {
          return json({ message: 'Choose a date after today', fields: { before: 'Choose a date after today' } }, 400);
        }
        return json(
          {
            id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
            doctorId: DOCTOR,
            doctorName: 'Dr. Amara Okafor',
            consultationType: body.consultationType,
            before: body.before,
            familyMemberId: null,
            status: 'active',
            offer: null,
            createdAt: '2026-12-02T11:00:00.000Z',
          },
          201,
        );
      }
      return json({ message: 'Not found.' }, 404);
    }),
  );
  // Who is signed in is known before the first render, as the shell's own read leaves it.
  const client = createQueryClient();
  client.setQueryData(currentUserQuery.queryKey, aCurrentUser({ userType }));
  render(
    <QueryClientProvider client={client}>
      <EarlierTimeButton doctorId={DOCTOR} doctorName="Dr. Amara Okafor" />
    </QueryClientProvider>,
  );
  return posted;
}

describe("The doctor's page: tell me if an earlier time opens", () => {
  it('a patient asks through a small form; the server’s field message shows beside the date', async () => {
    const posted = show('patient');
    // The first render waits for the schemas' chunk to load, which takes a while on a busy machine.
    const ask = await screen.findByRole('button', { name: 'Tell me if an earlier time opens' }, { timeout: 15_000 });
    await userEvent.click(ask);
    expect(screen.getByText(/we hold it for you for 15 minutes/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Type of visit'), 'voice');
    await userEvent.type(screen.getByLabelText('Before'), '2020-01-01');
    await userEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    expect(await screen.findByText('Choose a date after today')).toBeTruthy();

    await userEvent.clear(screen.getByLabelText('Before'));
    await userEvent.type(screen.getByLabelText('Before'), '2030-01-15');
    await userEvent.click(screen.getByRole('button', { name: 'Tell me' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({
      doctorId: DOCTOR,
      consultationType: 'voice',
      before: '2030-01-15',
      familyMemberId: null,
    });
    await waitFor(() => expect(screen.queryByLabelText('Before')).toBeNull());
  });

  it('is not offered to a doctor', async () => {
    show('doctor');
    expect(screen.queryByRole('button', { name: 'Tell me if an earlier time opens' })).toBeNull();
  });
});
