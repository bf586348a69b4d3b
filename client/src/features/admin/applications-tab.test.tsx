// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminApplicationRow } from '@common/schemas/admin';
import { createQueryClient } from '../../lib/query-client';
import { showIn } from '../../test-support/language';
import { pathOf, startServer } from '../../test-support/msw';
import { ApplicationsTab } from './applications-tab';

const server = startServer();

const row = (id: number, over: Partial<AdminApplicationRow>): AdminApplicationRow => ({
  id: `00000000-0000-4000-8000-00000000000${id}`,
  firstName: 'Ada',
  lastName: `Okafor${id}`,
  email: `ada${id}@example.com`,
  phone: '+1 555 0100',
  specialty: 'Cardiology',
  licenseNumber: `LIC-${id}00`,
  yearsOfExperience: '16-20',
  consultationFee: 15000,
  languages: ['English', 'French'],
  aboutMe: `I have practised cardiology for years (${id}).`,
  status: 'pending',
  createdAt: '2026-11-20T10:00:00Z',
  decidedAt: null,
  hasAccount: true,
  ...over,
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function show(rows: AdminApplicationRow[]) {
  let pending = rows;
  const decided: string[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url.startsWith('/api/admin/doctor-applications?'))
        return reply(200, { items: pending, total: pending.length, totalCapped: false, page: 1, pageSize: 20 });
      const approve = /^\/api\/admin\/doctor-applications\/([^/]+)\/approve$/.exec(url);
      if (approve && request.method === 'POST') {
        decided.push(approve[1]);
        pending = pending.filter((r) => r.id !== approve[1]);
        return reply(200, { ...rows.find((r) => r.id === approve[1]), status: 'approved' });
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <ApplicationsTab />
    </QueryClientProvider>,
  );
  return decided;
}

afterEach(() => {
  cleanup();
  showIn('en');
});

describe('Admin applications', () => {
  it('shows experience as a range, the licence, and a detail view with the statement', async () => {
    show([row(1, {}), row(2, { yearsOfExperience: '20+' })]);
    const first = (await screen.findByText('Ada Okafor1')).closest('tr')!;
    expect(within(first).getByText('16–20 years')).toBeTruthy();
    expect(within(first).getByText('License LIC-100')).toBeTruthy();
    expect(screen.queryByText(/NaN/)).toBeNull();
    expect(screen.getByText('20+ years')).toBeTruthy();
    await userEvent.setup().click(within(first).getByText('Details'));
    expect(within(first).getByText('I have practised cardiology for years (1).')).toBeTruthy();
    expect(within(first).getByText('Languages: English, French')).toBeTruthy();
  }, 20_000);

  it('shows the range in Spanish and Arabic', async () => {
    showIn('es');
    show([row(1, {})]);
    expect(await screen.findByText('16–20 años')).toBeTruthy();
    cleanup();
    showIn('ar');
    show([row(1, {})]);
    expect(await screen.findByText('16–20 سنوات')).toBeTruthy();
  }, 20_000);

  it('asks before approving, and then puts focus on the outcome, not the next Approve', async () => {
    const user = userEvent.setup();
    const decided = show([row(1, {}), row(2, {})]);
    await user.click(await screen.findByRole('button', { name: 'Approve Ada Okafor1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Ada Okafor1?' });
    expect(within(dialog).getByText(/LIC-100/)).toBeTruthy();
    expect(decided).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decided).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Approve Ada Okafor1' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.queryByText('Ada Okafor1')).toBeNull());
    expect(decided).toEqual([row(1, {}).id]);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe("Ada Okafor1's application was approved.");
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Approve Ada Okafor2' }));
  }, 20_000);
});
