// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OidcStatus } from '@common/schemas/oidc';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { ProviderSignIn } from './provider-sign-in';

afterEach(cleanup);

function show(status: OidcStatus, errorCode: string | null = null) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.oidc, status);
  render(
    <QueryClientProvider client={client}>
      <ProviderSignIn returnTo="/appointments" errorCode={errorCode} />
    </QueryClientProvider>,
  );
}

describe('signing in with the clinic on /login', () => {
  it('offers the provider by name, and nothing when the server has none', () => {
    show({ provider: { name: 'Riverside Clinic', available: true } });
    expect(screen.getByRole('button', { name: 'Sign in with Riverside Clinic' })).toHaveProperty('disabled', false);
    cleanup();
    show({ provider: null });
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('says when the provider cannot be reached, next to the unavailable button', () => {
    show({ provider: { name: 'Riverside Clinic', available: false } });
    const button = screen.getByRole('button', { name: 'Sign in with Riverside Clinic' });
    expect(button.getAttribute('aria-disabled') === 'true' || (button as HTMLButtonElement).disabled).toBe(true);
    expect(
      screen.getByText('Riverside Clinic cannot be reached right now. Use your Medora password, or try again later.'),
    ).toBeTruthy();
  });

  it('shows the sentence for a refused sign-in, and ignores codes it does not know', () => {
    show({ provider: { name: 'Riverside Clinic', available: true } }, 'unverified_email');
    expect(screen.getByRole('alert').textContent).toBe(
      'A Medora account already uses this e-mail address, and Riverside Clinic has not confirmed that the address is yours, so they cannot be linked. Sign in with your Medora password instead.',
    );
    cleanup();
    show({ provider: { name: 'Riverside Clinic', available: true } }, '<script>');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
