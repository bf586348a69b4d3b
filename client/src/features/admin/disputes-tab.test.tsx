// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import type { AdminDispute } from '@common/schemas/disputes';
import { createQueryClient } from '../../lib/query-client';
import { showIn } from '../../test-support/language';
import { Toaster } from '../../ui/toaster';
import { pathOf, startServer } from '../../test-support/msw';
import { DisputesTab } from './disputes-tab';

const server = startServer();

const dispute = (n: number, over: Partial<AdminDispute> = {}): AdminDispute => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  outcome: 'no-show',
  status: 'disputed',
  markedAt: '2026-11-20T10:15:00Z',
  releaseAt: '2026-11-23T10:15:00Z',
  disputeReason: `I was in the waiting room (${n}).`,
  disputedAt: '2026-11-20T12:00:00Z',
  resolvedAt: null,
  resolutionNote: null,
  startsAt: '2026-11-20T10:00:00Z',
  consultationType: 'video',
  patient: { id: '00000000-0000-4000-8000-0000000000a1', name: `Pat Jones${n}`, email: `pat${n}@example.com` },
  doctor: { id: '00000000-0000-4000-8000-0000000000b1', name: 'Daniel Okafor' },
  paymentId: '00000000-0000-4000-8000-0000000000c1',
  amount: 15000,
  ...over,
});

const reply = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The console against a fake server holding `open`; returns the decisions it received. */
function show(open: AdminDispute[], answer: (id: string) => Response | null = () => null) {
  let pending = open;
  const decided: { id: string; body: unknown }[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      if (url === '/api/admin/disputes') return reply(200, pending);
      const resolve = /^\/api\/admin\/disputes\/([^/]+)\/resolve$/.exec(url);
      if (resolve && request.method === 'POST') {
        const id = resolve[1];
        const refused = answer(id);
        if (refused) return refused;
        const body = (await request.json()) as { outcome: 'refund' | 'release' };
        decided.push({ id, body });
        const row = pending.find((d) => d.id === id)!;
        pending = pending.filter((d) => d.id !== id);
        const { id: holdId, outcome, markedAt, releaseAt, disputeReason, disputedAt } = row;
        return reply(200, {
          id: holdId,
          outcome,
          markedAt,
          releaseAt,
          disputeReason,
          disputedAt,
          status: body.outcome === 'refund' ? 'refunded' : 'released',
          resolvedAt: '2026-11-21T09:00:00Z',
          resolutionNote: null,
        });
      }
      return reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <DisputesTab />
      <Toaster />
    </QueryClientProvider>,
  );
  return decided;
}

afterEach(() => {
  cleanup();
  showIn('en');
});

describe('Admin disputes', () => {
  it('lists each open dispute with what the doctor marked and the patient’s reason', async () => {
    show([dispute(1), dispute(2, { outcome: 'completed', consultationType: 'in-person', amount: 9000 })]);
    const first = (await screen.findByText('Pat Jones1')).closest('tr')!;
    expect(within(first).getByText('Marked as a no-show by the doctor')).toBeTruthy();
    expect(within(first).getByText('I was in the waiting room (1).')).toBeTruthy();
    expect(within(first).getByText('$150')).toBeTruthy();
    const second = screen.getByText('Pat Jones2').closest('tr')!;
    expect(within(second).getByText('Marked done by the doctor')).toBeTruthy();
    expect(within(second).getByText('$90')).toBeTruthy();
  }, 20_000);

  it('says when there is nothing to decide', async () => {
    show([]);
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
  });

  it('refunds only after the administrator confirms, and Cancel sends nothing', async () => {
    const decided = show([dispute(1)]);
    const user = userEvent.setup();
    const row = (await screen.findByText('Pat Jones1')).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Refund patient' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund the patient?' });
    expect(within(dialog).getByText(/Pat Jones1 gets \$150 back/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(decided).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Refund patient' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Refund patient' }));
    await waitFor(() => expect(decided).toEqual([{ id: dispute(1).id, body: { outcome: 'refund' } }]));
    expect(await screen.findByText('Patient Refunded')).toBeTruthy();
    expect(await screen.findByText('No open disputes.')).toBeTruthy();
  }, 20_000);

  it('releases the share to the doctor after confirming', async () => {
    const decided = show([dispute(1)]);
    const user = userEvent.setup();
    const row = (await screen.findByText('Pat Jones1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Pay doctor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the doctor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Pay doctor' }));
    await waitFor(() => expect(decided).toEqual([{ id: dispute(1).id, body: { outcome: 'release' } }]));
    expect(await screen.findByText('Doctor Paid')).toBeTruthy();
  }, 20_000);

  it('shows the server’s refusal when another administrator decided first', async () => {
    show([dispute(1)], () => reply(409, { message: 'This dispute has already been resolved.' }));
    const user = userEvent.setup();
    const row = (await screen.findByText('Pat Jones1')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: 'Pay doctor' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Pay doctor' }));
    expect(await screen.findByText('This dispute has already been resolved.')).toBeTruthy();
  }, 20_000);

  it('reads in Spanish and Arabic', async () => {
    showIn('es');
    show([dispute(1)]);
    expect(await screen.findByText('Marcada como inasistencia por el médico')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reembolsar al paciente' })).toBeTruthy();
    cleanup();
    showIn('ar');
    show([dispute(1)]);
    expect(await screen.findByRole('button', { name: 'الدفع للطبيب' })).toBeTruthy();
  }, 20_000);

  it('refuses a reply that is not the disputes list', { timeout: 20_000 }, async () => {
    server.use(http.all('*', async () => reply(200, [{ id: 'not-a-uuid' }])));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <DisputesTab />
      </QueryClientProvider>,
    );
    // A reply that does not parse is an error shown as one (the query retries once first).
    expect((await screen.findByRole('alert', {}, { timeout: 10_000 })).textContent).toBe(
      'Failed to load. Please try again.',
    );
    expect(screen.queryByRole('button', { name: 'Refund patient' })).toBeNull();
  });
});
