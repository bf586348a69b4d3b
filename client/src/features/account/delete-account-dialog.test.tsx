// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KEPT_AFTER_DELETION, keptRecordText } from '@common/constants/account-deletion';
import { createQueryClient } from '../../lib/query-client';
import { YourDataCard } from './your-data-card';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the delete-account dialog', () => {
  it('shows what is cancelled, erased and kept (with how long) before the person confirms', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.push(url);
        return new Response(JSON.stringify({ marketingEmailOptOut: false }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <YourDataCard canDelete />
      </QueryClientProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: /delete account/i }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByText('Your upcoming appointments are cancelled and refunded in full.')).toBeTruthy();
    const kept = within(dialog).getByRole('region', { name: /Kept/ });
    for (const record of KEPT_AFTER_DELETION) expect(within(kept).getByText(keptRecordText(record))).toBeTruthy();
    expect(within(dialog).getByText(/The text of consultation chat messages/)).toBeTruthy();
    // Reading is not deleting: nothing was sent to the deletion endpoint.
    expect(calls.filter((u) => u.includes('/delete'))).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Delete Account' })).toBeTruthy();
  });
});
