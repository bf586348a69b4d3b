// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { browserTimeZone, setViewer } from '@common/rules/display-time';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { aCurrentUser } from '../test-support/current-user';
import { startServer } from '../test-support/msw';
import { ViewerClock } from './viewer-clock';

const server = startServer();
afterEach(() => {
  cleanup();
  // The viewer is the shell's, shared by the files this worker runs next: back to no account's zone.
  setViewer({ timeZone: null, region: undefined });
});

/** A page with something the person opened: it stays open unless the page is drawn anew. */
function OpenedForm() {
  const [open, setOpen] = useState(false);
  return open ? <p>Form open</p> : <button onClick={() => setOpen(true)}>Open the form</button>;
}

function showPage(timeZone: string | null) {
  server.use(http.all('*', () => HttpResponse.json({})));
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, aCurrentUser({ timeZone }));
  render(
    <QueryClientProvider client={client}>
      <ViewerClock>
        <OpenedForm />
      </ViewerClock>
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open the form' }));
  expect(screen.getByText('Form open')).toBeTruthy();
  // The account as the server answers after the save; the query's observers hear of it a tick later.
  return (zone: string | null) =>
    act(async () => {
      client.setQueryData(queryKeys.currentUser, aCurrentUser({ timeZone: zone }));
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
}

describe('the viewer’s clock', () => {
  it('keeps the page as it is when an account without a zone is given the browser’s', async () => {
    const saveZone = showPage(null);
    await saveZone(browserTimeZone());
    expect(screen.getByText('Form open')).toBeTruthy();
  });

  it('draws the page anew when the zone times are shown in changes', async () => {
    const saveZone = showPage('America/New_York');
    await saveZone('Asia/Tokyo');
    expect(screen.getByRole('button', { name: 'Open the form' })).toBeTruthy();
  });
});
