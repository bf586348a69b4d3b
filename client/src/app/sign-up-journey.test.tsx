// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { HomePage } from '../features/home/home-page';
import { SignupPage } from '../features/static/signup-page';
import { LoginPage } from '../features/auth/login-page';
import { pathOf, startServer } from '../test-support/msw';

const server = startServer();

const PAT: CurrentUser = {
  id: '00000000-0000-4000-8000-000000000003',
  email: 'pat@example.com',
  firstName: 'Pat',
  lastName: 'Jones',
  profileImageUrl: null,
  userType: 'patient',
  isActive: true,
  isVerified: true,
  emailVerified: false,
  createdAt: '2026-12-01T10:00:00Z',
  mfaEnabled: false,
  mfaSetupRequired: false,
  timeZone: null,
  language: 'en',
};

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(path: string, user: CurrentUser | null = null) {
  const registered: unknown[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/auth/register' && request.method === 'POST') {
        registered.push(await request.json());
        return reply(201, { user: PAT });
      }
      if (url === '/api/auth/user') return user ? reply(200, user) : reply(401, { message: 'Sign in' });
      return reply(404, { message: 'not found' });
    }),
  );
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, user);
  client.setQueryData(queryKeys.oidc, { provider: null });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/signup" element={<SignupPage />} />
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<HomePage />} />
          <Route path="/join-patients" element={<h1>Sign In Required</h1>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return registered;
}

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

describe('signing up as a patient from /signup', () => {
  it('opens the sign-up form with the patient role chosen, headed as creating an account', async () => {
    const user = userEvent.setup();
    show('/signup');
    await user.click(await screen.findByRole('link', { name: 'Sign Up as a Patient' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Create your Medora account' })).toBeTruthy();
    expect(screen.queryByText('Sign in to Medora')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Create Account' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByRole('radio', { name: 'Patient' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByText('Sign In Required')).toBeNull();
  }, 20_000);

  it('greets a new patient with "Welcome", and a returning one with "Welcome back"', async () => {
    const user = userEvent.setup();
    const registered = show('/login?mode=register&role=patient');
    await user.type(await screen.findByLabelText('First name'), 'Pat');
    await user.type(screen.getByLabelText('Last name'), 'Jones');
    await user.type(screen.getByLabelText('Email'), 'pat@example.com');
    await user.type(screen.getByLabelText('Password'), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome, Pat' }, { timeout: 5000 })).toBeTruthy();
    expect(registered).toMatchObject([{ userType: 'patient', email: 'pat@example.com' }]);

    cleanup();
    sessionStorage.clear();
    show('/', PAT);
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Pat' }, { timeout: 5000 })).toBeTruthy();
  }, 20_000);
});
