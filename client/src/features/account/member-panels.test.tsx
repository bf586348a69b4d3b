// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { Toaster } from '../../ui/toaster';
import { FamilyMembersCard } from './family-members-card';

const server = startServer();
afterEach(cleanup);

const maya = {
  id: '6f1c8a52-0d7e-4b8e-9a43-2f5b7c1d9e10',
  firstName: 'Maya',
  lastName: 'García',
  dateOfBirth: '2018-05-04',
  relationship: 'child' as const,
  createdAt: '2026-12-01T10:00:00.000Z',
};
const lina = { ...maya, id: '7a2d9b63-1e8f-4c9f-8b54-3a6c8d2e0f21', firstName: 'Lina', dateOfBirth: '2008-02-10' };

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <FamilyMembersCard />
      <Toaster />
    </QueryClientProvider>,
  );

describe("a family member's health profile and invitation on /profile", () => {
  it('opens an empty health profile, refuses a bad phone without asking, and saves the fields without a date of birth', async () => {
    const puts: unknown[] = [];
    server.use(
      http.get('*/api/family-members', () => HttpResponse.json([maya])),
      http.get(`*/api/family-members/${maya.id}/health-profile`, () => HttpResponse.json(null)),
      http.put(`*/api/family-members/${maya.id}/health-profile`, async ({ request }) => {
        const body = (await request.json()) as Record<string, unknown>;
        puts.push(body);
        return HttpResponse.json({
          ...body,
          familyMemberId: maya.id,
          state: null,
          zipCode: null,
          medicalHistory: null,
          currentMedications: null,
          createdAt: '2026-12-04T10:00:00.000Z',
          updatedAt: '2026-12-04T10:00:00.000Z',
        });
      }),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Health profile of Maya García' }));
    expect(await screen.findByText(/No health profile for Maya yet\./)).toBeTruthy();
    // Maya is 8: no invitation to her own account.
    expect(screen.queryByRole('button', { name: 'Invite Maya García to their own account' })).toBeNull();
    expect(screen.queryByLabelText('Date of birth')).toBeNull();

    await userEvent.selectOptions(screen.getByLabelText('Gender *'), 'female');
    await userEvent.type(screen.getByLabelText('Phone number *'), 'call me');
    await userEvent.type(screen.getByLabelText('Address *'), 'Calle Mayor 1');
    await userEvent.type(screen.getByLabelText('City *'), 'Madrid');
    await userEvent.type(screen.getByLabelText('Country *'), 'Spain');
    await userEvent.type(screen.getByLabelText('Contact name *'), 'Ana García');
    await userEvent.type(screen.getByLabelText('Contact phone *'), '+34 600 000 001');
    await userEvent.selectOptions(screen.getByLabelText('Relationship *'), 'parent');
    await userEvent.type(screen.getByLabelText('Allergies'), 'Penicillin');
    await userEvent.click(screen.getByRole('button', { name: 'Save health profile' }));
    expect(await screen.findByText('Phone number must be a phone number')).toBeTruthy();
    expect(puts).toEqual([]);

    await userEvent.clear(screen.getByLabelText('Phone number *'));
    await userEvent.type(screen.getByLabelText('Phone number *'), '+34 600 000 000');
    await userEvent.click(screen.getByRole('button', { name: 'Save health profile' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      gender: 'female',
      city: 'Madrid',
      allergies: 'Penicillin',
      emergencyContactRelation: 'parent',
    });
    expect(puts[0]).not.toHaveProperty('dateOfBirth');
    expect(await screen.findByText("Maya's health profile is saved")).toBeTruthy();
  });

  it('offers a member of 16 or more their own account, says what it means, and sends the address', async () => {
    const invites: unknown[] = [];
    server.use(
      http.get('*/api/family-members', () => HttpResponse.json([maya, lina])),
      http.post(`*/api/family-members/${lina.id}/takeover-invitations`, async ({ request }) => {
        invites.push(await request.json());
        return HttpResponse.json({ email: 'lina@example.com', expiresAt: '2026-12-11T10:00:00.000Z' }, { status: 201 });
      }),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Lina García to their own account' }));
    expect(screen.getByText(/you will no longer see them; payments you made stay with you/)).toBeTruthy();
    await userEvent.type(screen.getByLabelText("Lina's e-mail address"), 'not an address');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com')).toBeTruthy();
    expect(invites).toEqual([]);
    await userEvent.clear(screen.getByLabelText("Lina's e-mail address"));
    await userEvent.type(screen.getByLabelText("Lina's e-mail address"), 'Lina@Example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invites).toEqual([{ email: 'lina@example.com' }]));
    expect(await screen.findByText('Invitation sent to lina@example.com')).toBeTruthy();
  });

  it("shows the server's refusal of an invitation in its own words", async () => {
    server.use(
      http.get('*/api/family-members', () => HttpResponse.json([lina])),
      http.post(`*/api/family-members/${lina.id}/takeover-invitations`, () =>
        HttpResponse.json(
          {
            statusCode: 409,
            error: 'Conflict',
            message:
              'This family member has a visit coming up. Invite them once it has taken place or been cancelled: you paid for it, and it stays with you until then.',
          },
          { status: 409 },
        ),
      ),
    );
    show();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite Lina García to their own account' }));
    await userEvent.type(screen.getByLabelText("Lina's e-mail address"), 'lina@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/This family member has a visit coming up\./)).toBeTruthy();
  });
});
