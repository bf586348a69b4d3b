import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http } from 'msw';
import type { SetupServer } from 'msw/node';
import { createElement, type ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { CurrentUser } from '@common/schemas/auth';
import type { Conversation, Message } from '@common/schemas/conversations';
import type { DocumentList } from '@common/schemas/documents';
import { createQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { TEST_DOCTOR_ID, TEST_PATIENT_ID } from './appointment';
import { formOf, pathOf } from './msw';

export const CONVERSATION_ID = '44444444-4444-4444-8444-444444444444';
export const DOCTOR_ACCOUNT_ID = '55555555-5555-4555-8555-555555555555';
export const DOCUMENT_ID = '66666666-6666-4666-8666-666666666666';

/** A conversation as `GET /api/conversations` lists it, seen by its patient (TEST_PATIENT_ID). */
export const aConversation = (patch: Partial<Conversation> = {}): Conversation => ({
  id: CONVERSATION_ID,
  status: 'open',
  patient: { id: TEST_PATIENT_ID, firstName: 'Sam', lastName: 'Lee' },
  doctor: {
    id: DOCTOR_ACCOUNT_ID,
    doctorId: TEST_DOCTOR_ID,
    firstName: 'Ada',
    lastName: 'Okafor',
    specialty: 'Family Medicine',
  },
  replyWithinDays: null,
  lastMessageAt: '2026-11-20T15:00:00.000Z',
  unreadCount: 0,
  closedAt: null,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...patch,
});

export const aMessage = (id: number, patch: Partial<Message> = {}): Message => ({
  id,
  conversationId: CONVERSATION_ID,
  senderId: DOCTOR_ACCOUNT_ID,
  body: `Message ${id}`,
  documentIds: [],
  createdAt: '2026-11-20T15:00:00.000Z',
  ...patch,
});

export const aDocumentList = (patch: Partial<DocumentList> = {}): DocumentList => ({
  documents: [
    {
      id: DOCUMENT_ID,
      title: 'Blood test November',
      contentType: 'application/pdf',
      size: 2_621_440,
      familyMemberId: null,
      createdAt: '2026-11-18T09:00:00.000Z',
      patientId: TEST_PATIENT_ID,
      uploadedBy: TEST_PATIENT_ID,
      sharedWith: [],
    },
  ],
  usedBytes: 2_621_440,
  quotaBytes: 200 * 1024 * 1024,
  ...patch,
});

export type Sent = { method: string; url: string; body: unknown };
type Answer = unknown | ((sent: Sent) => Response | unknown);
const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
export const reply = json;

/** A JSON body as its value, a multipart upload as its FormData, none as undefined. */
async function bodyOf(request: Request): Promise<unknown> {
  if (request.headers.get('content-type')?.startsWith('multipart/form-data')) return formOf(request);
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/**
 * Answers the screen's requests through `server` by "METHOD path" (the path with its query); a
 * value is sent as a 200 JSON reply, a function may answer with its own Response, any other
 * request gets a 404. Records every request sent.
 */
export function fakeApi(server: SetupServer, routes: Record<string, Answer>): Sent[] {
  const sent: Sent[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const sentNow = { method: request.method, url: pathOf(request), body: await bodyOf(request) };
      sent.push(sentNow);
      const answer = routes[`${sentNow.method} ${sentNow.url}`];
      if (answer === undefined) return json(404, { message: 'Not found' });
      const value = typeof answer === 'function' ? (answer as (s: Sent) => unknown)(sentNow) : answer;
      return value instanceof Response ? value : json(200, value);
    }),
  );
  return sent;
}

/** Renders a screen at `path` (matched by `route`) for a signed-in user. */
export function renderScreen(
  element: ReactNode,
  { user, path, route }: { user: CurrentUser; path: string; route: string },
) {
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, user);
  render(
    createElement(
      QueryClientProvider,
      { client },
      createElement(
        MemoryRouter,
        { initialEntries: [path] },
        createElement(
          Routes,
          null,
          createElement(Route, { path: route, element }),
          createElement(Route, { path: '*', element: null }),
        ),
      ),
    ),
  );
  return client;
}
