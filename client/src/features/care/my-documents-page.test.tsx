// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aSeenDoctor, TEST_DOCTOR_ID, TEST_PATIENT_ID } from '../../test-support/appointment';
import { aDocumentList, DOCUMENT_ID, fakeApi, renderScreen, reply, type Sent } from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { startServer } from '../../test-support/msw';
import { MyDocumentsPage } from './my-documents-page';

const server = startServer();

// The doctors' schema loads with its request (lib/patient-appointments.ts); loading zod's
// modules in jsdom on a busy machine can outlast testing-library's one-second wait.
beforeAll(async () => {
  await import('@common/schemas/appointment-pages');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const patient = aCurrentUser({ id: TEST_PATIENT_ID, timeZone: 'UTC' });
const show = () => renderScreen(<MyDocumentsPage />, { user: patient, path: '/my-documents', route: '/my-documents' });

function api(extra: Record<string, unknown> = {}): Sent[] {
  return fakeApi(server, {
    'GET /api/documents': aDocumentList(),
    'GET /api/patient/doctors': [aSeenDoctor()],
    'GET /api/family-members': [],
    'GET /api/patients/profile/access-log': [
      {
        id: 9,
        occurredAt: '2026-11-21T08:00:00.000Z',
        count: 2,
        lastReadAt: '2026-11-21T08:05:00.000Z',
        role: 'doctor',
        name: 'Dr. Ada Okafor',
        what: 'Documents',
      },
      {
        id: 8,
        occurredAt: '2026-11-20T08:00:00.000Z',
        count: 1,
        lastReadAt: '2026-11-20T08:00:00.000Z',
        role: 'doctor',
        name: 'Dr. Ada Okafor',
        what: 'Appointments',
      },
    ],
    ...extra,
  });
}

describe('My Documents', () => {
  it('lists each document with its type, size and day, how much of the 200 MB is used, and who opened them', async () => {
    api();
    show();
    const item = (await screen.findByRole('heading', { name: 'Blood test November' }, { timeout: 5_000 })).closest(
      'li',
    )!;
    expect(within(item).getByText('PDF · 2.5 MB · Nov 18, 2026')).toBeTruthy();
    expect(within(item).getByRole('link', { name: 'Download Blood test November' }).getAttribute('href')).toBe(
      `/api/documents/${DOCUMENT_ID}`,
    );
    expect(screen.getByText('You use 2.5 MB of your 200 MB.')).toBeTruthy();
    // Only the document reads of the access log, with how many times.
    const opened = screen.getByRole('region', { name: 'Who opened your documents' });
    const reads = await within(opened).findAllByRole('listitem');
    expect(reads.map((li) => li.textContent)).toEqual(['Dr. Ada OkaforSat, Nov 21, 2026, 8:05 AM UTC (2 times)']);
  });

  it('says none of the 200 MB is used when there are no documents', async () => {
    api({ 'GET /api/documents': aDocumentList({ documents: [], usedBytes: 0 }) });
    show();
    expect(await screen.findByText('You use 0 kB of your 200 MB.', {}, { timeout: 5_000 })).toBeTruthy();
  });

  it('uploads a chosen file with its title, and shows the server’s refusal in its own words', async () => {
    const sent = api({
      'POST /api/documents': () =>
        reply(413, {
          message: 'This file is larger than 10 MB. Send a smaller file, or scan it at a lower resolution.',
        }),
    });
    show();
    const input = await screen.findByLabelText<HTMLInputElement>('Choose a file');
    expect(input.getAttribute('accept')).toBe('application/pdf,image/jpeg,image/png,image/heic');
    expect(screen.getByLabelText('Take a photo').getAttribute('capture')).toBe('environment');
    await userEvent.type(screen.getByLabelText('Title (optional)'), 'Scan');
    await userEvent.upload(input, new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This file is larger than 10 MB. Send a smaller file, or scan it at a lower resolution.',
    );
    const upload = sent.find((s) => s.method === 'POST')!;
    expect(upload.url).toBe('/api/documents');
    const form = upload.body as FormData;
    expect(form.get('title')).toBe('Scan');
    expect((form.get('file') as File).name).toBe('scan.pdf');
  });

  it('takes a dropped file too', async () => {
    const sent = api({
      'POST /api/documents': {
        id: '88888888-8888-4888-8888-888888888888',
        title: 'x-ray.png',
        contentType: 'image/png',
        size: 1000,
        familyMemberId: null,
        createdAt: '2026-11-22T08:00:00.000Z',
      },
    });
    show();
    const area = await screen.findByTestId('drop-area');
    const file = new File(['png'], 'x-ray.png', { type: 'image/png' });
    fireEvent.drop(area, { dataTransfer: { files: [file] } });
    expect(await screen.findByText('x-ray.png was added.')).toBeTruthy();
    expect(((sent.find((s) => s.method === 'POST')!.body as FormData).get('file') as File).name).toBe('x-ray.png');
  });

  it("files a document in a family member's record when the patient chooses them, and names it in the list", async () => {
    const maya = {
      id: '99999999-9999-4999-8999-999999999999',
      firstName: 'Maya',
      lastName: 'García',
      dateOfBirth: '2018-05-04',
      relationship: 'child',
      createdAt: '2026-11-01T08:00:00.000Z',
    };
    const sent = api({
      'GET /api/family-members': [maya],
      'GET /api/documents': aDocumentList({
        documents: [{ ...aDocumentList().documents[0], familyMemberId: maya.id }],
      }),
      'POST /api/documents': {
        id: '88888888-8888-4888-8888-888888888888',
        title: 'Vaccination card',
        contentType: 'application/pdf',
        size: 1000,
        familyMemberId: maya.id,
        createdAt: '2026-11-22T08:00:00.000Z',
      },
    });
    show();
    expect(await screen.findByText("In Maya García's record")).toBeTruthy();
    await userEvent.selectOptions(await screen.findByLabelText('Whose document is this?'), 'Maya García');
    const file = new File(['%PDF-1.4'], 'card.pdf', { type: 'application/pdf' });
    await userEvent.upload(screen.getByLabelText<HTMLInputElement>('Choose a file'), file);
    await waitFor(() => expect(sent.some((s) => s.method === 'POST')).toBe(true));
    const form = sent.find((s) => s.method === 'POST')!.body as FormData;
    expect(form.get('familyMemberId')).toBe(maya.id);
  });

  it('shares with a doctor the patient has seen and stops sharing', async () => {
    let shared: string[] = [];
    const sent = api({
      'GET /api/documents': () =>
        aDocumentList({ documents: [{ ...aDocumentList().documents[0], sharedWith: shared }] }),
      [`POST /api/documents/${DOCUMENT_ID}/shares`]: () => {
        shared = [TEST_DOCTOR_ID];
        return { sharedWith: shared };
      },
      [`DELETE /api/documents/${DOCUMENT_ID}/shares/${TEST_DOCTOR_ID}`]: () => {
        shared = [];
        return { sharedWith: shared };
      },
    });
    show();
    expect(await screen.findByText('Not shared with any doctor.')).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Share Blood test November with'), 'Dr. Ada Okafor');
    await userEvent.click(screen.getByRole('button', { name: 'Share' }));
    const stop = await screen.findByRole('button', { name: 'Stop sharing Blood test November with Dr. Ada Okafor' });
    expect(sent.find((s) => s.method === 'POST')!.body).toEqual({ doctorId: TEST_DOCTOR_ID });
    await userEvent.click(stop);
    expect(await screen.findByText('Not shared with any doctor.')).toBeTruthy();
  });

  it('deletes only after the person confirms', async () => {
    const sent = api({ [`DELETE /api/documents/${DOCUMENT_ID}`]: () => new Response(null, { status: 204 }) });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Blood test November' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Blood test November?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(sent.filter((s) => s.method === 'DELETE')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Delete Blood test November' }));
    await userEvent.click(
      within(await screen.findByRole('dialog', { name: 'Delete Blood test November?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    await waitFor(() =>
      expect(sent.filter((s) => s.method === 'DELETE').map((s) => s.url)).toEqual([`/api/documents/${DOCUMENT_ID}`]),
    );
  });

  it('shows who opened a document when asked, from the keyboard, with each time in the viewer’s zone', async () => {
    const sent = api({
      [`GET /api/documents/${DOCUMENT_ID}/opens`]: [
        {
          id: 12,
          at: '2026-11-22T14:30:00.000Z',
          lastAt: '2026-11-22T14:30:00.000Z',
          count: 1,
          role: 'doctor',
          name: 'Dr. Bruno Silva',
        },
        {
          id: 11,
          at: '2026-11-21T08:00:00.000Z',
          lastAt: '2026-11-21T08:05:00.000Z',
          count: 2,
          role: 'doctor',
          name: 'Dr. Ada Okafor',
        },
      ],
    });
    show();
    const button = await screen.findByRole('button', { name: 'Opened by: who opened Blood test November' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    // Nothing is asked until the person opens it.
    expect(sent.some((s) => s.url.endsWith('/opens'))).toBe(false);
    button.focus();
    await userEvent.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Who opened Blood test November' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Dr. Bruno SilvaSun, Nov 22, 2026, 2:30 PM UTC',
      'Dr. Ada OkaforSat, Nov 21, 2026, 8:05 AM UTC (2 times)',
    ]);
    expect(document.getElementById(button.getAttribute('aria-controls')!)!.contains(list)).toBe(true);
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('list', { name: 'Who opened Blood test November' })).toBeNull();
  });

  it('says so when nobody else has opened the document', async () => {
    api({ [`GET /api/documents/${DOCUMENT_ID}/opens`]: [] });
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Opened by: who opened Blood test November' }));
    expect(await screen.findByText('Nobody else has opened this document yet.')).toBeTruthy();
  });
});
