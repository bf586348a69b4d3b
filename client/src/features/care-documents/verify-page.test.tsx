// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { VerifyPage } from './verify-page';

const server = startServer();
const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWX';
const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function renderAt(path: string, answer: () => Response) {
  const asked: string[] = [];
  server.use(
    http.all('*', ({ request }) => {
      asked.push(pathOf(request));
      return answer();
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="/verify/:code" element={<VerifyPage />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return asked;
}

afterEach(cleanup);

describe('/verify/:code', () => {
  it('asks for the typed code without dashes and says a revoked document is revoked, with its issuer', async () => {
    const asked = renderAt('/verify/abcd-efgh-ijkl-mnop-qrst-uvwx', () =>
      reply(200, {
        status: 'revoked',
        kind: 'prescription',
        issuedOn: '2026-03-10',
        revokedOn: '2026-03-11',
        issuer: { name: 'Dr. Amara Okafor', specialty: 'Family Medicine', licenseNumber: 'GMC-7741902' },
        keyId: '0123456789abcdef',
      }),
    );
    expect(await screen.findByText('This document was revoked by its doctor.')).toBeTruthy();
    expect(String(asked[0])).toContain(`/api/verify/${CODE}`);
    expect(screen.getByText('Prescription')).toBeTruthy();
    expect(screen.getByText('GMC-7741902')).toBeTruthy();
    expect(screen.getByText('Dr. Amara Okafor, Family Medicine')).toBeTruthy();
  });

  it('says an after-visit summary that its doctor replaced is superseded, and when', async () => {
    renderAt(`/verify/${CODE}`, () =>
      reply(200, {
        status: 'superseded',
        kind: 'visit_summary',
        issuedOn: '2026-03-10',
        revokedOn: null,
        supersededOn: '2026-03-12',
        issuer: { name: 'Dr. Amara Okafor', specialty: 'Family Medicine', licenseNumber: 'GMC-7741902' },
        keyId: '0123456789abcdef',
      }),
    );
    expect(await screen.findByText(/replaced by a newer version/)).toBeTruthy();
    expect(screen.getByText('After-visit summary')).toBeTruthy();
    expect(screen.getByText('Replaced on')).toBeTruthy();
  });

  it('a forged code is "not found", never an error page', async () => {
    renderAt(`/verify/${CODE}`, () => reply(404, { message: 'Document not found' }));
    expect(await screen.findByText(/No document has this code/)).toBeTruthy();
  });
});
