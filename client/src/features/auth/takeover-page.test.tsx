// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { TakeoverPage } from './takeover-page';

const server = startServer();
afterEach(cleanup);

const TOKEN = 'A'.repeat(43);
const PREVIEW = { firstName: 'Lina', lastName: 'García', email: 'lina@example.com', holderFirstName: 'Ana', visits: 2 };

function renderAt(url: string) {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/take-over" element={<TakeoverPage />} />
          <Route path="/appointments" element={<p>My appointments page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

describe('taking over one’s record from the invitation link', () => {
  it('says whose record moves and from whom, asks for the terms, and signs the new account in', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('*/api/family-takeovers/preview', async ({ request }) => {
        expect(await request.json()).toEqual({ token: TOKEN });
        return HttpResponse.json(PREVIEW);
      }),
      http.post('*/api/family-takeovers', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(
          { user: aCurrentUser({ firstName: 'Lina', email: 'lina@example.com' }) },
          { status: 201 },
        );
      }),
    );
    const client = renderAt(`/take-over?token=${TOKEN}`);
    expect(await screen.findByText(/Ana has managed your visits on Medora until now\./)).toBeTruthy();
    expect(screen.getByText(/your 2 past visits and their documents move to it/)).toBeTruthy();
    expect(screen.getByText('lina@example.com')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Password'), 'a long enough password');
    await userEvent.type(screen.getByLabelText('Repeat the password'), 'a long enough password');
    const create = screen.getByRole('button', { name: 'Create my account' });
    // Unavailable, with its reason on screen, until the terms are agreed.
    expect(create.getAttribute('aria-disabled')).toBe('true');
    await userEvent.click(screen.getByRole('checkbox'));
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() =>
      expect(sent).toEqual([{ token: TOKEN, password: 'a long enough password', agreedToTerms: true }]),
    );
    expect(await screen.findByText('My appointments page')).toBeTruthy();
    expect(client.getQueryData<{ firstName: string }>(queryKeys.currentUser)?.firstName).toBe('Lina');
  });

  it('a used or expired link shows the server’s words and sends nothing else', async () => {
    let accepts = 0;
    server.use(
      http.post('*/api/family-takeovers/preview', () =>
        HttpResponse.json(
          {
            statusCode: 400,
            error: 'Bad Request',
            message:
              'This invitation link is not valid or has expired. Ask the person who manages your record to send a new one.',
          },
          { status: 400 },
        ),
      ),
      http.post('*/api/family-takeovers', () => {
        accepts += 1;
        return HttpResponse.json({}, { status: 500 });
      }),
    );
    renderAt(`/take-over?token=${TOKEN}`);
    expect(await screen.findByText(/This invitation link is not valid or has expired\./)).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(accepts).toBe(0);
  });

  it('without a token it asks for the e-mail’s link', async () => {
    renderAt('/take-over');
    expect(await screen.findByText(/This page needs the link from your invitation e-mail\./)).toBeTruthy();
  });
});
