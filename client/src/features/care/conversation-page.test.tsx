// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@common/constants/care';
import { TEST_PATIENT_ID } from '../../test-support/appointment';
import {
  aConversation,
  aDocumentList,
  aMessage,
  CONVERSATION_ID,
  DOCUMENT_ID,
  fakeApi,
  renderScreen,
  type Sent,
} from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { ConversationPage } from './conversation-page';

const server = startServer();

/** The socket the screen opens: tests push the server's frames through it. */
class FakeSocket {
  static last: FakeSocket | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.last = this;
  }
  close() {}
  push(frame: unknown) {
    act(() => this.onmessage?.({ data: JSON.stringify(frame) }));
  }
}

beforeEach(() => {
  FakeSocket.last = null;
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient = aCurrentUser({ id: TEST_PATIENT_ID, timeZone: 'UTC' });
const base = `/api/conversations/${CONVERSATION_ID}`;
const show = () =>
  renderScreen(<ConversationPage />, { user: patient, path: `/messages/${CONVERSATION_ID}`, route: '/messages/:id' });

function api(extra: Record<string, unknown> = {}, conversation = aConversation()): Sent[] {
  return fakeApi(server, {
    'GET /api/conversations': [conversation],
    [`GET ${base}/messages`]: {
      messages: [
        aMessage(51, { body: 'How is the knee?' }),
        aMessage(52, { senderId: TEST_PATIENT_ID, body: 'Better' }),
      ],
      nextBefore: 51,
    },
    [`GET ${base}/messages?before=51`]: { messages: [aMessage(1, { body: 'Welcome' })], nextBefore: null },
    [`POST ${base}/read`]: { unreadCount: 0 },
    'GET /api/documents': aDocumentList(),
    ...extra,
  });
}

const bodies = () => screen.getAllByRole('listitem').map((li) => li.querySelector('.whitespace-pre-wrap')?.textContent);

describe('a conversation', () => {
  it('shows its messages oldest first, marks them read on opening, and loads earlier ones on request', async () => {
    const sent = api();
    show();
    expect(await screen.findByRole('heading', { name: 'Dr. Ada Okafor' }, { timeout: 5_000 })).toBeTruthy();
    await screen.findByText('How is the knee?');
    expect(bodies()).toEqual(['How is the knee?', 'Better']);
    expect(screen.getByText('You, Nov 20, 2026, 3:00 PM')).toBeTruthy();
    expect(screen.getByText('Dr. Ada Okafor, Nov 20, 2026, 3:00 PM')).toBeTruthy();
    await waitFor(() => expect(sent.some((s) => s.method === 'POST' && s.url === `${base}/read`)).toBe(true));

    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('Welcome');
    expect(bodies()).toEqual(['Welcome', 'How is the knee?', 'Better']);
    expect(screen.getByText('This is the start of the conversation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).toBeNull();
  });

  it('sends on Enter, keeps Shift+Enter as a new line, counts characters and attaches a document', async () => {
    const sent = api({
      [`POST ${base}/messages`]: ({ body }: Sent) =>
        aMessage(53, { senderId: TEST_PATIENT_ID, ...(body as { body: string; documentIds?: string[] }) }),
    });
    show();
    const field = await screen.findByLabelText('Your message');
    expect(screen.getByText('Enter sends; Shift+Enter starts a new line.')).toBeTruthy();
    await userEvent.type(field, 'Here are{Shift>}{Enter}{/Shift}my results');
    expect((field as HTMLTextAreaElement).value).toBe('Here are\nmy results');
    expect(screen.getByText('19 of 4,000 characters')).toBeTruthy();
    await userEvent.selectOptions(await screen.findByLabelText('Attach one of my documents'), 'Blood test November');
    await userEvent.type(field, '{Enter}');
    await waitFor(() =>
      expect(sent.filter((s) => s.url === `${base}/messages` && s.method === 'POST').map((s) => s.body)).toEqual([
        { body: 'Here are\nmy results', documentIds: [DOCUMENT_ID] },
      ]),
    );
    const mine = await screen.findByText((_, el) => el?.textContent === 'Here are\nmy results');
    expect(mine).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Attachment: Blood test November' }).getAttribute('href')).toBe(
      `/api/documents/${DOCUMENT_ID}`,
    );
    expect((field as HTMLTextAreaElement).value).toBe('');
  });

  it('refuses a message over 4,000 characters before sending it', async () => {
    const sent = api();
    show();
    const field = await screen.findByLabelText('Your message');
    fireEvent.change(field, { target: { value: 'a'.repeat(MESSAGE_MAX_LENGTH + 1) } });
    expect(screen.getByRole('alert').textContent).toBe('A message can be at most 4,000 characters long.');
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(true);
    await userEvent.type(field, '{Enter}');
    expect(sent.filter((s) => s.method === 'POST' && s.url.endsWith('/messages'))).toEqual([]);
  });

  it('shows a message that arrives over the socket and says so to a screen reader', async () => {
    api();
    show();
    await screen.findByText('How is the knee?');
    FakeSocket.last!.push({ type: 'conversation_message', message: aMessage(60, { body: 'Please book a follow-up' }) });
    expect(await screen.findByText('Please book a follow-up')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('New message from Dr. Ada Okafor: Please book a follow-up');
    // A message of another conversation does not land in this one.
    FakeSocket.last!.push({
      type: 'conversation_message',
      message: aMessage(61, { conversationId: '77777777-7777-4777-8777-777777777777', body: 'Elsewhere' }),
    });
    expect(screen.queryByText('Elsewhere')).toBeNull();
  });

  it('names a document the doctor attached just now, reading the documents again for it', async () => {
    const fresh = {
      ...aDocumentList().documents[0],
      id: '88888888-8888-4888-8888-888888888888',
      title: 'Your X-ray report',
    };
    let documents = aDocumentList();
    api({ 'GET /api/documents': () => documents });
    show();
    await screen.findByText('How is the knee?');
    // Uploaded by the doctor for the patient after the page loaded its list.
    documents = aDocumentList({ documents: [...aDocumentList().documents, fresh] });
    FakeSocket.last!.push({
      type: 'conversation_message',
      message: aMessage(62, { body: 'The report is attached', documentIds: [fresh.id] }),
    });
    expect(await screen.findByRole('link', { name: 'Attachment: Your X-ray report' })).toBeTruthy();
  });

  it('shows the doctor’s reply-time promise, and says plainly that a closed conversation takes no messages', async () => {
    api({}, aConversation({ status: 'closed', closedAt: '2026-11-25T10:00:00.000Z', replyWithinDays: 2 }));
    show();
    expect(await screen.findByText('Dr. Ada Okafor usually answers within 2 working days.')).toBeTruthy();
    expect(
      screen.getByText(
        'Dr. Ada Okafor closed this conversation. You can write again after you book a new visit with them.',
      ),
    ).toBeTruthy();
    await screen.findByText('How is the knee?');
    expect(screen.queryByLabelText('Your message')).toBeNull();
  });

  it('says a conversation that is not the viewer’s does not exist', async () => {
    fakeApi(server, { 'GET /api/conversations': [] });
    show();
    expect((await screen.findByRole('alert')).textContent).toBe('This conversation does not exist or is not yours.');
    expect(within(document.body).getByRole('link', { name: 'All messages' })).toBeTruthy();
  });
});
