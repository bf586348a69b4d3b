// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import type { CurrentUser } from '@common/schemas/auth';
import { aCurrentUser } from '../../test-support/current-user';
import { queryKeys } from '../../lib/query-keys';
import { startServer } from '../../test-support/msw';
import { TimeZoneCard } from './time-zone-card';

const server = startServer();

afterEach(cleanup);

const user = aCurrentUser();

describe('the time zone on /profile', () => {
  it('names zones as people do, finds one by city and saves it for every screen', async () => {
    const sent: unknown[] = [];
    server.use(
      http.all('*', async ({ request }) => {
        const body = (await request.json()) as { timeZone: string };
        sent.push(body);
        return HttpResponse.json({ ...user, timeZone: body.timeZone });
      }),
    );
    const client = createQueryClient();
    client.setQueryData(queryKeys.currentUser, user);
    render(
      <QueryClientProvider client={client}>
        <TimeZoneCard user={user} />
      </QueryClientProvider>,
    );
    expect(screen.getByText(/show times in New York time \(UTC−[45]\)/)).toBeTruthy();
    const select = screen.getByLabelText<HTMLSelectElement>('Your time zone');
    // The list names places, never ids.
    const labels = [...select.options].map((o) => o.textContent ?? '');
    expect(labels.some((l) => l.includes('/'))).toBe(false);
    // Unavailable with its reason on screen (and as its description), not a silent grey button.
    const save = screen.getByRole('button', { name: 'Save time zone' });
    expect(save.getAttribute('aria-disabled')).toBe('true');
    expect(screen.getByText('This is your zone now; choose another to change it.')).toBeTruthy();

    await userEvent.type(screen.getByLabelText('Search by city or region'), 'berl');
    const found = [...select.options].map((o) => o.textContent);
    expect(found).toContainEqual(expect.stringMatching(/^Berlin time \(UTC\+[12]\)$/));
    // The current zone stays in the list whatever the search, so nothing changes by itself.
    expect(select.value).toBe('America/New_York');

    await userEvent.selectOptions(select, 'Europe/Berlin');
    await userEvent.click(screen.getByRole('button', { name: 'Save time zone' }));
    await waitFor(() => expect(sent).toEqual([{ timeZone: 'Europe/Berlin' }]));
    await waitFor(() =>
      expect(client.getQueryData<CurrentUser>(queryKeys.currentUser)?.timeZone).toBe('Europe/Berlin'),
    );
  });
});
