// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { VisitNotesPage } from './visit-notes-page';

const server = startServer();
afterEach(cleanup);

const APPOINTMENT = '3c9d4e85-6a1b-4f2c-8d3e-5f6a7b8c9d01';
const maya = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  firstName: 'Maya',
  lastName: 'García',
  dateOfBirth: '2018-05-04',
  relationship: 'child' as const,
};
const notes = {
  privateNotes: '',
  diagnosis: '',
  advice: '',
  followUpDays: null,
  sharedAt: null,
  updatedAt: null,
  appointment: {
    id: APPOINTMENT,
    status: 'confirmed',
    consultationType: 'video',
    startsAt: '2026-12-07T14:00:00.000Z',
    timeZone: 'America/New_York',
    reasonForVisit: 'Wheezing at night',
    patient: { firstName: 'Ana', lastName: 'García' },
    familyMember: maya,
    writable: false,
  },
};

describe('the visit notes page of a visit booked for a family member', () => {
  it("is headed with the member's name and shows the member's health profile, never asking for the booker's", async () => {
    server.use(
      http.get(`*/api/appointments/${APPOINTMENT}/visit-notes`, () => HttpResponse.json(notes)),
      http.get(`*/api/appointments/${APPOINTMENT}/care-documents`, () => HttpResponse.json([])),
      http.get(`*/api/family-members/${maya.id}/health-profile`, () =>
        HttpResponse.json({
          familyMemberId: maya.id,
          gender: 'female',
          phoneNumber: '+34 600 000 000',
          address: 'Calle Mayor 1',
          city: 'Madrid',
          state: null,
          zipCode: null,
          country: 'Spain',
          emergencyContactName: 'Ana García',
          emergencyContactPhone: '+34 600 000 001',
          emergencyContactRelation: 'parent',
          medicalHistory: null,
          currentMedications: 'Salbutamol inhaler',
          allergies: 'Penicillin',
          preferredLanguage: 'Spanish',
          createdAt: '2026-12-01T10:00:00.000Z',
          updatedAt: '2026-12-01T10:00:00.000Z',
        }),
      ),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={[`/visit-notes/${APPOINTMENT}`]}>
          <Routes>
            <Route path="/visit-notes/:id" element={<VisitNotesPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Visit notes: Maya García' })).toBeTruthy();
    expect(screen.getByText('(booked by their parent, Ana García)')).toBeTruthy();
    expect(await screen.findByText('Penicillin')).toBeTruthy();
    expect(screen.getByText('Salbutamol inhaler')).toBeTruthy();
    expect(server.started.some((r) => r.url.includes('/api/patients/'))).toBe(false);
  });
});
