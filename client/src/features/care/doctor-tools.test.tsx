// @vitest-environment jsdom
// The doctor's tools on screen (issue 41): close and reopen a conversation, the reply-time promise,
// and a file uploaded to the patient and attached to the message. What the server answers decides.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEST_PATIENT_ID } from '../../test-support/appointment';
import {
  aConversation,
  aDocumentList,
  CONVERSATION_ID,
  DOCTOR_ACCOUNT_ID,
  fakeApi,
  renderScreen,
  reply,
  type Sent,
} from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { ConversationPage } from './conversation-page';
import { MessagesPage } from './messages-page';

const server = startServer();

class QuietSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  close() {}
}
beforeEach(() => vi.stubGlobal('WebSocket', QuietSocket));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const doctor = aCurrentUser({ id: DOCTOR_ACCOUNT_ID, userType: 'doctor', firstName: 'Ada', lastName: 'Okafor' });
const patient = aCurrentUser({ id: TEST_PATIENT_ID });
const base = `/api/conversations/${CONVERSATION_ID}`;
const thread = { messages: [], nextBefore: null };
const conversationAs = (user: typeof doctor) =>
  renderScreen(<ConversationPage />, { user, path: `/messages/${CONVERSATION_ID}`, route: '/messages/:id' });

describe('a doctor’s conversation', () => {
  it('closes only after saying what it means for the patient, then offers to reopen', async () => {
    let conversation = aConversation();
    const sent = fakeApi(server, {
      'GET /api/conversations': () => [conversation],
      [`GET ${base}/messages`]: thread,
      [`POST ${base}/read`]: { unreadCount: 0 },
      'GET /api/documents': aDocumentList({ documents: [] }),
      [`POST ${base}/close`]: () =>
        (conversation = aConversation({ status: 'closed', closedAt: '2026-11-25T10:00:00Z' })),
      [`POST ${base}/reopen`]: () => (conversation = aConversation()),
    });
    conversationAs(doctor);
    await userEvent.click(await screen.findByRole('button', { name: 'Close conversation' }, { timeout: 5_000 }));
    // Asked first, with the way back named; nothing is sent yet.
    const ask = screen.getByRole('group', { name: 'Close conversation' });
    expect(ask.textContent).toContain('Sam Lee can write again after booking a new visit with you.');
    expect(sent.some((s) => s.url === `${base}/close`)).toBe(false);
    await userEvent.click(within(ask).getByRole('button', { name: 'Close conversation' }));

    expect(
      await screen.findByText('You closed this conversation. Nobody can write in it until it is reopened.'),
    ).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your message' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reopen conversation' }));
    expect(await screen.findByRole('textbox', { name: 'Your message' })).toBeTruthy();
    expect(sent.filter((s) => s.method === 'POST' && /close|reopen/.test(s.url)).map((s) => s.url)).toEqual([
      `${base}/close`,
      `${base}/reopen`,
    ]);
  });

  it('uploads a file to the patient and attaches it to the message', async () => {
    const uploaded = { id: '77777777-7777-4777-8777-777777777777', title: 'Knee X-ray report' };
    let documents = aDocumentList({ documents: [] });
    const sent = fakeApi(server, {
      'GET /api/conversations': [aConversation()],
      [`GET ${base}/messages`]: thread,
      [`POST ${base}/read`]: { unreadCount: 0 },
      'GET /api/documents': () => documents,
      'POST /api/documents': () => {
        const document = {
          ...aDocumentList().documents[0],
          ...uploaded,
          uploadedBy: DOCTOR_ACCOUNT_ID,
          sharedWith: [],
        };
        documents = aDocumentList({ documents: [document] });
        return reply(201, {
          ...uploaded,
          contentType: 'application/pdf',
          size: 1200,
          familyMemberId: null,
          createdAt: document.createdAt,
        });
      },
      [`POST ${base}/messages`]: (s: Sent) =>
        reply(201, {
          id: 9,
          conversationId: CONVERSATION_ID,
          senderId: DOCTOR_ACCOUNT_ID,
          body: (s.body as { body: string }).body,
          documentIds: (s.body as { documentIds?: string[] }).documentIds ?? [],
          createdAt: '2026-11-26T10:00:00Z',
        }),
    });
    conversationAs(doctor);
    const file = new File(['%PDF-1.4 report'], 'xray.pdf', { type: 'application/pdf' });
    await screen.findByRole('button', { name: 'Upload a file for Sam Lee' }, { timeout: 5_000 });
    await userEvent.upload(document.querySelector<HTMLInputElement>('input[type=file]')!, file);
    expect(await screen.findByText('Knee X-ray report is uploaded and attached.')).toBeTruthy();

    const upload = sent.find((s) => s.method === 'POST' && s.url === '/api/documents')!;
    expect((upload.body as FormData).get('patientId')).toBe(TEST_PATIENT_ID);
    await waitFor(() =>
      expect((screen.getByLabelText("Attach one of the patient's documents") as HTMLSelectElement).value).toBe(
        uploaded.id,
      ),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Your message' }), 'Here is the report');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.url === `${base}/messages`)).toBe(true));
    expect(sent.find((s) => s.url === `${base}/messages` && s.method === 'POST')!.body).toEqual({
      body: 'Here is the report',
      documentIds: [uploaded.id],
    });
  });
});

describe('a patient’s closed conversation', () => {
  it('offers to reopen it, and shows the server’s reason when it may not be yet', async () => {
    fakeApi(server, {
      'GET /api/conversations': [aConversation({ status: 'closed', closedAt: '2026-11-25T10:00:00Z' })],
      [`GET ${base}/messages`]: thread,
      [`POST ${base}/read`]: { unreadCount: 0 },
      'GET /api/documents': aDocumentList(),
      [`POST ${base}/reopen`]: () =>
        reply(409, { message: 'You can write again after you book a new visit with this doctor.' }),
    });
    conversationAs(patient);
    expect(screen.queryByRole('button', { name: 'Close conversation' })).toBeNull();
    await userEvent.click(await screen.findByRole('button', { name: 'Reopen conversation' }, { timeout: 5_000 }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You can write again after you book a new visit with this doctor.',
    );
  });
});

describe('the doctor’s reply time', () => {
  it('shows the saved promise and saves a new one', async () => {
    const sent = fakeApi(server, {
      'GET /api/conversations': [aConversation()],
      'GET /api/conversations/unread': { unread: 0 },
      'GET /api/doctor/reply-promise': { replyWithinDays: 2 },
      'PUT /api/doctor/reply-promise': (s: Sent) => s.body,
    });
    renderScreen(<MessagesPage />, { user: doctor, path: '/messages', route: '/messages' });
    const select = (await screen.findByLabelText(
      'I usually answer within',
      {},
      { timeout: 5_000 },
    )) as HTMLSelectElement;
    expect(select.selectedOptions[0].textContent).toBe('2 working days');
    const save = screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await userEvent.selectOptions(select, '1');
    await userEvent.click(save);
    expect(await screen.findByText('Saved.')).toBeTruthy();
    expect(sent.find((s) => s.method === 'PUT')!.body).toEqual({ replyWithinDays: 1 });
    expect(select.selectedOptions[0].textContent).toBe('1 working day');
  });
});
