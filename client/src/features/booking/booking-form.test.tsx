// @vitest-environment jsdom
// The booking form's draft lives in the page, which also selects the slot a link asked for once
// that day's times arrive. What the patient types and what the page selects must both survive,
// whichever lands first.
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { fakeApi } from '../../test-support/care';
import { testDoctor } from '../../test-support/doctor';
import { startServer } from '../../test-support/msw';
import type { PickableSlot } from './api';
import { BookingForm, emptyDraft, type BookingDraft } from './booking-form';

const server = startServer();
afterEach(cleanup);

const SLOT: PickableSlot = {
  date: '2026-12-08',
  doctorDate: '2026-12-08',
  time: '15:30',
  label: '3:30 PM',
  startsAt: '2026-12-08T14:30:00.000Z',
  available: true,
};

function show() {
  fakeApi(server, {});
  const page: { draft: BookingDraft; setDraft: Dispatch<SetStateAction<BookingDraft>> } = {
    draft: emptyDraft(),
    setDraft: () => undefined,
  };
  function Page() {
    const [draft, setDraft] = useState<BookingDraft>(() => ({ ...emptyDraft(), date: SLOT.date! }));
    page.draft = draft;
    page.setDraft = setDraft;
    return <BookingForm doctor={testDoctor()} draft={draft} onChange={setDraft} onContinue={() => undefined} />;
  }
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, null);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Page />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return page;
}

describe('the booking form and the slot a link asked for', () => {
  it('keeps the selected slot when the reason is typed before the form re-renders with it', async () => {
    const page = show();
    const reason = await screen.findByLabelText('Reason for visit');
    // The page's selection and the keystroke in one batch: the form still holds the draft without
    // the slot when its change handler runs.
    act(() => {
      page.setDraft((d) => ({ ...d, slot: SLOT }));
      fireEvent.change(reason, { target: { value: 'Sore throat since this morning' } });
    });
    expect(page.draft.slot).toEqual(SLOT);
    expect(page.draft.reasonForVisit).toBe('Sore throat since this morning');
    expect(page.draft.date).toBe(SLOT.date);
  });

  it('keeps the reason when the slot is selected after it was typed', async () => {
    const page = show();
    fireEvent.change(await screen.findByLabelText('Reason for visit'), { target: { value: 'Knee pain' } });
    act(() => page.setDraft((d) => ({ ...d, slot: SLOT })));
    expect(page.draft).toMatchObject({ slot: SLOT, reasonForVisit: 'Knee pain' });
  });
});
