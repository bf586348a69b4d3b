// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { http } from 'msw';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { DoctorFilterOptions } from '@common/schemas/doctors';
import { createQueryClient } from '../lib/query-client';
import { directoryClaims, roundBelow } from '../lib/doctor-filters';
import { pathOf, startServer } from '../test-support/msw';
import { JoinDoctorsMarketing } from '../features/join-doctors/join-doctors-marketing';
import { SignupPage } from '../features/static/signup-page';
import { LandingPage } from '../features/home/landing-page';

const server = startServer();

// 220 listed doctors in 3 countries.
const FILTERS: DoctorFilterOptions = {
  specialties: [
    { value: 'Cardiology', count: 200 },
    { value: 'Dermatology', count: 20 },
  ],
  countries: [
    { value: 'Kenya', count: 120 },
    { value: 'Peru', count: 70 },
    { value: 'Japan', count: 30 },
  ],
  languages: [
    { value: 'English', count: 220 },
    { value: 'Spanish', count: 9 },
  ],
};

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });

function show(node: React.ReactNode) {
  server.use(
    http.get('*', ({ request }) => {
      const path = pathOf(request);
      if (path === '/api/doctors/filters') return json(FILTERS);
      if (path.startsWith('/api/doctors/featured')) return json([]);
      return new Response('{}', { status: 404 });
    }),
  );
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(cleanup);

describe('the marketing claims are counted from the directory', () => {
  it('adds up the listed doctors by country (each has one), counts the countries, and says a round figure below each', () => {
    expect(directoryClaims(FILTERS)).toEqual({ doctors: 200, countries: 2 });
    // "More than N" must be true: of 220 and of exactly 200 alike.
    expect([220, 200, 201, 60, 7, 2, 1, 0, 100_000].map(roundBelow)).toEqual([200, 100, 200, 50, 6, 1, 0, 0, 90_000]);
  });

  it('on the landing page', async () => {
    show(<LandingPage />);
    expect(await screen.findByRole('heading', { name: 'Doctors in 2+ countries' })).toBeTruthy();
    expect(screen.getByText('Search across 200+ doctors by specialty, place, language and fee.')).toBeTruthy();
    expect(screen.queryByText(/2,000/)).toBeNull();
  });

  it('on the sign-up choice, beside the revenue share the platform fee leaves', async () => {
    show(<SignupPage />);
    expect(await screen.findByText('Join 200+ doctors in 2+ countries')).toBeTruthy();
    expect(screen.getByText('85% revenue share')).toBeTruthy();
    expect(screen.getByText('Keep 85% of every consultation fee')).toBeTruthy();
  });

  it("on the doctors' join page", async () => {
    show(<JoinDoctorsMarketing />);
    expect((await screen.findByText('200+')).parentElement?.textContent).toBe('Doctors on Medora200+');
    expect(screen.getByText('Countries served').parentElement?.textContent).toBe('Countries served2+');
  });
});
