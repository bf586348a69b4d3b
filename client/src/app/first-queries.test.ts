import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { pathOf, startServer } from '../test-support/msw';
import { currentUserQuery } from '../lib/current-user';
import { startFirstQueries } from './first-queries';

const server = startServer();

/** The URLs the screens' own query functions asked for. */
function recordingClient() {
  const fetched: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      fetched.push(pathOf(request));
      return HttpResponse.json({}, { status: 404 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return { client, fetched };
}

describe('startFirstQueries', () => {
  it("starts a doctor page's doctor before its screen has loaded (reviews page with their own query)", async () => {
    const { client, fetched } = recordingClient();
    // Awaited whole: a screen's code still loading when the file ends fails the run.
    await startFirstQueries(client, '/doctors/0b6c1e3a-5f4c-4d8e-9a43-1d2f3e4a5b6c').settled;
    expect(fetched.sort()).toEqual(['/api/auth/user', '/api/doctors/0b6c1e3a-5f4c-4d8e-9a43-1d2f3e4a5b6c']);
  });

  it('starts only the session check for screens without first queries', async () => {
    for (const path of ['/', '/about', '/no/such/page']) {
      const { client, fetched } = recordingClient();
      await startFirstQueries(client, path).settled;
      expect(fetched, path).toEqual(['/api/auth/user']);
    }
  });

  it("starts the doctor list the URL asks for and its filters, at both of the list's paths", async () => {
    for (const path of ['/doctors', '/find-doctors']) {
      const { client, fetched } = recordingClient();
      await startFirstQueries(client, path, { search: '?specialty=Cardiology&sort=price_asc' }).settled;
      expect(fetched.sort(), path).toEqual([
        '/api/auth/user',
        '/api/doctors/filters',
        '/api/doctors/search?specialty=Cardiology&sort=price_asc&timeZone=UTC&limit=12',
      ]);
    }
  });
});

describe('startFirstQueries for a page the server marked signed out', () => {
  it('asks nothing about the session and knows the visitor is signed out', async () => {
    const { client, fetched } = recordingClient();
    await startFirstQueries(client, '/about', { signedOut: true }).settled;
    expect(fetched).toEqual([]);
    expect(client.getQueryState(currentUserQuery.queryKey)?.status).toBe('success');
    expect(client.getQueryData(currentUserQuery.queryKey)).toBeNull();
  });

  it("starts the landing page's doctors and search choices with its code; a signed-in home starts neither", async () => {
    const signedOut = recordingClient();
    await startFirstQueries(signedOut.client, '/', { signedOut: true }).settled;
    expect(signedOut.fetched.sort()).toEqual(['/api/doctors/featured?limit=6', '/api/doctors/filters']);
    const mayBeSignedIn = recordingClient();
    await startFirstQueries(mayBeSignedIn.client, '/').settled;
    expect(mayBeSignedIn.fetched).toEqual(['/api/auth/user']);
  });

  it('starts no query for a page that came drawn, whose first render must have no answers (decision 112)', async () => {
    const drawn = recordingClient();
    await startFirstQueries(drawn.client, '/', { signedOut: true, queries: false }).settled;
    expect(drawn.fetched).toEqual([]);
    expect(
      drawn.client
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([currentUserQuery.queryKey]);
  });
});

describe('what the first render waits for', () => {
  it('is not the code of a guarded page a signed-out visitor will be sent away from', async () => {
    const { client } = recordingClient();
    const guarded = startFirstQueries(client, '/appointments', { signedOut: true });
    let ready = false;
    void guarded.code.then(() => (ready = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    // Settled at once, while the page's code (started all the same) is still on its way.
    expect(ready).toBe(true);
    await guarded.settled;
  });
});
