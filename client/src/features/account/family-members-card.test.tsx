// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setViewer } from '@common/rules/display-time';
import { createQueryClient } from '../../lib/query-client';
import { BookedFor } from '../../ui/booked-for';
import { startServer } from '../../test-support/msw';
import { Toaster } from '../../ui/toaster';
import { FamilyMembersCard } from './family-members-card';

const server = startServer();

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  setViewer({ timeZone: null });
});

const maya = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  firstName: 'Maya',
  lastName: 'García',
  dateOfBirth: '2018-05-04',
  relationship: 'child' as const,
  createdAt: '2026-12-01T10:00:00.000Z',
};

describe('Family members on /profile', () => {
  it('lists members, refuses an empty form without asking the server, and adds one', async () => {
    const sent: { method: string; body: unknown }[] = [];
    let list = [maya];
    server.use(
      http.all('*', async ({ request }) => {
        if (request.method === 'GET') return HttpResponse.json(list);
        const body = (await request.json()) as typeof maya;
        sent.push({ method: request.method, body });
        const added = { ...body, id: '7a2d9b63-1e8f-4c9f-8b54-3a6c8d2e0f21', createdAt: maya.createdAt };
        list = [...list, added];
        return HttpResponse.json(added, { status: 201 });
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <FamilyMembersCard />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Maya García')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Maya García' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove Maya García' })).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Add a family member' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First name is required')).toBeTruthy();
    expect(screen.getByText('Choose child, parent, spouse, sibling or other')).toBeTruthy();
    expect(sent).toEqual([]);

    await userEvent.type(screen.getByLabelText('First name'), 'Tomás');
    await userEvent.type(screen.getByLabelText('Last name'), 'García');
    await userEvent.type(screen.getByLabelText('Date of birth'), '1950-01-31');
    await userEvent.selectOptions(screen.getByLabelText('Who they are to you'), 'parent');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'POST',
          body: { firstName: 'Tomás', lastName: 'García', dateOfBirth: '1950-01-31', relationship: 'parent' },
        },
      ]),
    );
    expect(await screen.findByText('Tomás García')).toBeTruthy();
  });

  it("tells the doctor whose visit it is and who booked it, by the member's relationship", async () => {
    render(<BookedFor member={maya} holder={{ firstName: 'Ana', lastName: 'García' }} />);
    expect(await screen.findByText(/Maya García, born/)).toBeTruthy();
    expect(screen.getByText('(booked by their parent, Ana García)')).toBeTruthy();
    cleanup();
    render(
      <BookedFor member={{ ...maya, relationship: 'parent' }} holder={{ firstName: 'Ana', lastName: 'García' }} />,
    );
    expect(await screen.findByText('(booked by their child, Ana García)')).toBeTruthy();
  });
});

const SAVED = {
  familyMemberId: maya.id,
  gender: 'female',
  phoneNumber: '+34 600 000 000',
  address: 'Calle Mayor 1',
  city: 'Madrid',
  state: null,
  zipCode: '28013',
  country: 'Spain',
  emergencyContactName: 'Ana García',
  emergencyContactPhone: '+34 600 000 001',
  emergencyContactRelation: 'parent',
  medicalHistory: 'Asthma since 2021',
  currentMedications: 'Salbutamol inhaler',
  allergies: 'Penicillin',
  preferredLanguage: 'Spanish',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const showCard = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FamilyMembersCard />
      <Toaster />
    </QueryClientProvider>,
  );

describe("a member's health profile on /profile", () => {
  it("shows the saved profile while loading then with its values; the server's refusal of a field is shown beside it", async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/family-members', () => HttpResponse.json([maya])),
      http.get(`*/api/family-members/${maya.id}/health-profile`, async () => {
        await answered;
        return HttpResponse.json(SAVED);
      }),
      http.put(`*/api/family-members/${maya.id}/health-profile`, async ({ request }) => {
        puts.push(await request.json());
        return HttpResponse.json(
          { message: 'City must be at most 100 characters', fields: { city: 'City must be at most 100 characters' } },
          { status: 400 },
        );
      }),
    );
    showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Health profile of Maya García' }));
    expect(screen.getByRole('status', { name: 'Loading the health profile…' })).toBeTruthy();
    release();
    const allergies = (await screen.findByLabelText('Allergies')) as HTMLTextAreaElement;
    expect(allergies.value).toBe('Penicillin');
    expect((screen.getByLabelText('Current medications') as HTMLTextAreaElement).value).toBe('Salbutamol inhaler');
    expect(screen.getByText(/Shown to the doctors this person has a paid visit with/)).toBeTruthy();

    await userEvent.click(screen.getByRole('button', { name: 'Save health profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    const city = screen.getByLabelText('City *');
    expect(await screen.findByText('City must be at most 100 characters')).toBeTruthy();
    expect(city.getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText("Maya's health profile is saved")).toBeNull();
  });

  it('a profile that cannot be loaded says so and can be asked for again', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/family-members', () => HttpResponse.json([maya])),
      http.get(`*/api/family-members/${maya.id}/health-profile`, () =>
        ++calls === 1 ? HttpResponse.json({ message: 'Boom' }, { status: 500 }) : HttpResponse.json(SAVED),
      ),
    );
    showCard();
    await userEvent.click(await screen.findByRole('button', { name: 'Health profile of Maya García' }));
    expect(await screen.findByText('The health profile could not be loaded.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(((await screen.findByLabelText('Allergies')) as HTMLTextAreaElement).value).toBe('Penicillin');
  });

  it("offers the invitation from the member's 16th birthday on the viewer's own calendar", async () => {
    // 20:00 UTC on 4 December: already 5 December in Kiritimati (UTC+14), still the 4th in UTC.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-12-04T20:00:00Z'));
    const teen = { ...maya, id: '8b3e0c74-2f90-4da0-9c65-4b7d9e3f1a32', firstName: 'Teo', dateOfBirth: '2010-12-05' };
    server.use(http.get('*/api/family-members', () => HttpResponse.json([teen])));
    const invite = { name: 'Invite Teo García to their own account' };

    setViewer({ timeZone: 'UTC' });
    showCard();
    expect(await screen.findByText('Teo García')).toBeTruthy();
    expect(screen.queryByRole('button', invite)).toBeNull();
    cleanup();

    setViewer({ timeZone: 'Pacific/Kiritimati' });
    showCard();
    expect(await screen.findByRole('button', invite)).toBeTruthy();
  });
});
