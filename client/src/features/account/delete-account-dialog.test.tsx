// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { KEPT_AFTER_DELETION, keptRecordText } from '@common/constants/account-deletion';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { YourDataCard } from './your-data-card';

const server = startServer();

afterEach(cleanup);

describe('the delete-account dialog', () => {
  it('shows what is cancelled, erased and kept (with how long) before the person confirms', async () => {
    const calls: string[] = [];
    server.use(
      http.all('*', ({ request }) => {
        calls.push(pathOf(request));
        return HttpResponse.json({ marketingEmailOptOut: false });
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
