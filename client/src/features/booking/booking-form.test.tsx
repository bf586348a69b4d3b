// @vitest-environment jsdom
// The booking form's draft lives in the page, which also selects the slot a link asked for once
// that day's times arrive. What the patient types and what the page selects must both survive,
// whichever lands first.
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { useState, type Dispatch, type SetStateAction } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, renderScreen } from '../../test-support/care';
import { aCurrentUser } from '../../test-support/current-user';
import { testDoctor } from '../../test-support/doctor';
import { startServer } from '../../test-support/msw';
import type { PickableSlot } from './api';
import { BookingForm, emptyDraft, type BookingDraft } from './booking-form';

const server = startServer();
afterEach(cleanup);

const DAY = '2026-12-08';
const SLOT: PickableSlot = {
  date: DAY,
  doctorDate: DAY,
  time: '15:30',
  label: '3:30 PM',
  startsAt: '2026-12-08T14:30:00.000Z',
  available: true,
};

/** The page's side: its draft as last rendered, and its setter, as the page's own slot selection uses it. */
type PageSide = { draft: BookingDraft; setDraft: Dispatch<SetStateAction<BookingDraft>> };

function show(): PageSide {
  fakeApi(server, {});
  const page = {} as PageSide;
  function Page() {
    const [draft, setDraft] = useState<BookingDraft>(() => ({ ...emptyDraft(), date: DAY }));
    Object.assign(page, { draft, setDraft });
    return <BookingForm doctor={testDoctor()} draft={draft} onChange={setDraft} onContinue={() => undefined} />;
  }
  renderScreen(<Page />, { user: aCurrentUser(), path: '/book-appointment', route: '/book-appointment' });
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
    expect(page.draft.date).toBe(DAY);
  });

  it('keeps the reason when the slot is selected after it was typed', async () => {
    const page = show();
    fireEvent.change(await screen.findByLabelText('Reason for visit'), { target: { value: 'Knee pain' } });
    act(() => page.setDraft((d) => ({ ...d, slot: SLOT })));
    expect(page.draft).toMatchObject({ slot: SLOT, reasonForVisit: 'Knee pain' });
  });
});
