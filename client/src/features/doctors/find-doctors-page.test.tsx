// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { FindDoctorsPage } from './find-doctors-page';

const server = startServer();

function Where() {
  return <output data-testid="where">{useLocation().search}</output>;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('/find-doctors filters', () => {
  it('keeps both of two picks made before the page drew the first (a quick hand, a busy phone)', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
    }));
    server.use(http.all('*', () => HttpResponse.json([])));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={['/find-doctors']}>
          <Routes>
            <Route
              path="/find-doctors"
              element={
                <>
                  <FindDoctorsPage />
                  <Where />
                </>
              }
            />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    // One act: both changes land before React draws again.
    act(() => {
      fireEvent.change(screen.getByLabelText('Availability'), { target: { value: 'today' } });
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'soonest' } });
    });
    const search = new URLSearchParams(screen.getByTestId('where').textContent ?? '');
    expect(search.get('available')).toBe('today');
    expect(search.get('sort')).toBe('soonest');
  });
});
