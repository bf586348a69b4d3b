import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { describe, expect, it } from 'vitest';
import { publicDoctorSchema } from '@common/schemas/doctors';
import { endpoint, noContentEndpoint, ReplyMismatchError, urlOf } from './endpoint';
import { doctorFiltersQuery } from './doctor-filters';
import { walletQuery } from './shared-api';
import { pathOf, startServer } from '../test-support/msw';

const server = startServer();

/** Answers every request with `body`; records what was asked. */
function serve(body: JsonBodyType, status = 200) {
  const asked: { url: string; method: string; key: string | null }[] = [];
  server.use(
    http.all('*', ({ request }) => {
      asked.push({ url: pathOf(request), method: request.method, key: request.headers.get('idempotency-key') });
      return status === 204 ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });
    }),
  );
  return asked;
}

describe('an endpoint parses its reply', () => {
  const getDoctor = endpoint('GET', '/api/doctors/:id', publicDoctorSchema);

  it('a reply of another shape is an error that names the endpoint and the field', async () => {
    serve({ id: 'd1', specialty: 42 });
    const error = await getDoctor.send({ params: { id: 'd1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplyMismatchError);
    expect((error as Error).message).toMatch(/^GET \/api\/doctors\/:id: reply does not match its schema: /);
    expect((error as Error).message).toContain('specialty');
  });

  it('a schema loaded with the request names the endpoint too', async () => {
    serve([{ id: 1 }]);
    const search = endpoint('GET', '/api/doctors/search', () =>
      import('@common/schemas/doctors').then((m) => m.publicDoctorListSchema),
    );
    await expect(search.send({ query: { q: 'Okafor' } })).rejects.toThrow(
      'GET /api/doctors/search: reply does not match its schema: 0.',
    );
  });

  it('fills the path and leaves empty query values out', () => {
    expect(
      urlOf('/api/doctors/:id/availability', { params: { id: 'a b' }, query: { date: '2026-12-02', type: '' } }),
    ).toBe('/api/doctors/a%20b/availability?date=2026-12-02');
  });

  it('a write still carries an Idempotency-Key; a 204 endpoint refuses a body', async () => {
    const asked = serve(null, 204);
    await noContentEndpoint('DELETE', '/api/auth/sessions/:id').send({ params: { id: 's1' } });
    expect(asked[0]).toMatchObject({ url: '/api/auth/sessions/s1', method: 'DELETE' });
    expect(asked[0].key).toMatch(/^[0-9a-f-]{36}$/);
    serve({ ended: 1 });
    await expect(noContentEndpoint('POST', '/api/auth/mfa/totp/disable').send()).rejects.toThrow(
      'POST /api/auth/mfa/totp/disable: reply does not match its schema: (reply): expected no content',
    );
  });
});

describe("the features' queries parse", () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('the wallet: a good reply arrives typed, a bad one fails naming GET /api/wallet', async () => {
    serve({ balance: 1050, entries: [] });
    await expect(client().fetchQuery(walletQuery)).resolves.toEqual({ balance: 1050, entries: [] });
    serve({ balance: '10.50', entries: [] });
    await expect(client().fetchQuery(walletQuery)).rejects.toThrow(
      'GET /api/wallet: reply does not match its schema: balance:',
    );
  });

  it("the doctor filters: an option without its count is refused, not shown as 'undefined'", async () => {
    const asked = serve({ specialties: [{ value: 'Cardiology' }], countries: [], languages: [] });
    await expect(client().fetchQuery(doctorFiltersQuery)).rejects.toThrow(
      'GET /api/doctors/filters: reply does not match its schema: specialties.0.count',
    );
    expect(asked[0].url).toBe('/api/doctors/filters');
  });
});
