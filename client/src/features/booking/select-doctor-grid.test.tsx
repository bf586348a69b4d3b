// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { testDoctor } from '../../test-support/doctor';
import { pathOf, startServer } from '../../test-support/msw';
import { SelectDoctorGrid } from './select-doctor-grid';

const server = startServer();
const doctor = testDoctor();

const reply = (status: number, body: JsonBodyType) => HttpResponse.json(body, { status });

function renderGrid(routes: Record<string, () => Response>) {
  server.use(
    http.all('*', ({ request }) => {
      const match = Object.keys(routes).find((prefix) => pathOf(request).startsWith(prefix));
      return match ? routes[match]() : reply(404, { message: 'not found' });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <SelectDoctorGrid />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

// The doctor schemas load with the first request (lib/doctors-api.ts); here they are ready beforehand.
beforeAll(() => import('@common/schemas/doctors'));

afterEach(cleanup);

describe('SelectDoctorGrid', () => {
  it('shows doctors with the default rating 5.0 and a Book Appointment link', async () => {
    renderGrid({ '/api/doctors/search': () => reply(200, [doctor]) });
    expect(await screen.findByText('Dr. Amara Okoye')).toBeTruthy();
    expect(screen.getByText('5.0')).toBeTruthy();
    expect(screen.getByText('$150')).toBeTruthy();
    const book = screen.getByRole('link', { name: 'Book Appointment Dr. Amara Okoye' });
    expect(book.getAttribute('href')).toBe(`/book-appointment?doctorId=${doctor.id}`);
  });

  it('falls back to featured doctors when the search fails', async () => {
    renderGrid({
      '/api/doctors/search': () => reply(500, { message: 'boom' }),
      '/api/doctors/featured?limit=12': () =>
        reply(200, [{ ...doctor, user: { ...doctor.user, firstName: 'Featured' } }]),
    });
    expect(await screen.findByText('Dr. Featured Okoye')).toBeTruthy();
  });

  it('says No Doctors Available with a way to browse all doctors', async () => {
    renderGrid({ '/api/doctors/search': () => reply(200, []) });
    expect(await screen.findByText('No Doctors Available')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse All Doctors' }).getAttribute('href')).toBe('/find-doctors');
  });
});
