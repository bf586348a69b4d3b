// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { MemberHealthCard } from './member-health-card';

const server = startServer();
afterEach(cleanup);

const maya = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  firstName: 'Maya',
  lastName: 'García',
  dateOfBirth: '2018-05-04',
  relationship: 'child' as const,
};
const PROFILE = {
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
  currentMedications: null,
  allergies: 'Penicillin',
  preferredLanguage: 'Spanish',
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-01T10:00:00.000Z',
};

const show = (member: typeof maya | null) =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemberHealthCard member={member} />
    </QueryClientProvider>,
  );

describe("the doctor sees the family member's own health profile", () => {
  it("shows the member's allergies, medications, history and emergency contact", async () => {
    server.use(http.get(`*/api/family-members/${maya.id}/health-profile`, () => HttpResponse.json(PROFILE)));
    show(maya);
    expect(await screen.findByRole('region', { name: 'Health profile of Maya García' })).toBeTruthy();
    expect(await screen.findByText('Penicillin')).toBeTruthy();
    expect(screen.getByText('Asthma since 2021')).toBeTruthy();
    // No medications saved: said, not left blank.
    expect(screen.getByText('None recorded')).toBeTruthy();
    expect(screen.getByText('+34 600 000 001')).toBeTruthy();
  });

  it('404 (none saved, or the visit’s window has passed) says there is none to show', async () => {
    server.use(
      http.get(`*/api/family-members/${maya.id}/health-profile`, () =>
        HttpResponse.json({ message: 'This family member has no health profile yet.' }, { status: 404 }),
      ),
    );
    show(maya);
    expect(await screen.findByText(/No health profile to show for Maya/)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("asks for nothing on the booker's own visit", async () => {
    show(null);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.started.filter((r) => r.url.includes('health-profile'))).toEqual([]);
    expect(screen.queryByRole('region')).toBeNull();
  });
});
