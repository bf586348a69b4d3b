// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aSeenDoctor } from '../../test-support/appointment';
import { aConversation, fakeApi, renderScreen, reply } from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { MessagesPage } from './messages-page';

const server = startServer();

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient = aCurrentUser({ id: '33333333-3333-4333-8333-333333333333', timeZone: 'UTC' });
const show = () => renderScreen(<MessagesPage />, { user: patient, path: '/messages', route: '/messages' });

describe('the Messages list', () => {
  it('names the other party with their initials, the last message time and what is unread', async () => {
    fakeApi(server, {
      'GET /api/conversations': [aConversation({ unreadCount: 2, replyWithinDays: 2 })],
      'GET /api/patient/doctors': [],
    });
    show();
    const link = await screen.findByRole('link', { name: /Dr\. Ada Okafor/ }, { timeout: 5_000 });
    expect(link.getAttribute('href')).toBe('/messages/44444444-4444-4444-8444-444444444444');
    expect(within(link).getByText('AO')).toBeTruthy();
    expect(within(link).getByText('2 unread')).toBeTruthy();
    expect(within(link).getByText(/^Last message Nov 20, 2026, 3:00 PM$/)).toBeTruthy();
  });

  it('says plainly when there is nothing yet, and when the list could not be loaded', async () => {
    fakeApi(server, { 'GET /api/conversations': [], 'GET /api/patient/doctors': [] });
    show();
    expect(await screen.findByText('No conversations yet')).toBeTruthy();
    expect(await screen.findByText('You can write to a doctor after a paid visit with them.')).toBeTruthy();
    cleanup();
    fakeApi(server, {
      'GET /api/conversations': () => reply(500, { message: 'Internal' }),
      'GET /api/patient/doctors': [],
    });
    show();
    expect((await screen.findByRole('alert')).textContent).toContain('Your conversations could not be loaded.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('lets a patient write to a doctor they have seen, and shows the server’s words when it refuses', async () => {
    const sent = fakeApi(server, {
      'GET /api/conversations': [],
      'GET /api/patient/doctors': [
        aSeenDoctor(),
        aSeenDoctor({ doctorId: '11111111-1111-4111-8111-000000000002', firstName: 'Bo', lastName: 'Lind' }),
      ],
      'POST /api/conversations': () => reply(404, { message: 'Doctor not found' }),
    });
    show();
    const select = await screen.findByLabelText<HTMLSelectElement>('Doctor');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Choose a doctor', 'Dr. Ada Okafor', 'Dr. Bo Lind']);
    await userEvent.selectOptions(select, 'Dr. Ada Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Start conversation' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Doctor not found');
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'POST')).toEqual([
        { method: 'POST', url: '/api/conversations', body: { doctorId: '11111111-1111-4111-8111-111111111111' } },
      ]),
    );
  });
});
