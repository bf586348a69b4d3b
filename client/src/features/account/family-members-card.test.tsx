// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { BookedFor } from '../../ui/booked-for';
import { startServer } from '../../test-support/msw';
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
