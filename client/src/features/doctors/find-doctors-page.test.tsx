// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { startServer } from '../../test-support/msw';
import { FindDoctorsPage } from './find-doctors-page';

const server = startServer();

function Where() {
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="where">{useLocation().search}</output>
      <button type="button" onClick={() => void navigate(-1)}>
        Back
      </button>
    </>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
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
}

const urlSearch = () => new URLSearchParams(screen.getByTestId('where').textContent ?? '');

describe('/find-doctors filters', () => {
  it('keeps both of two picks made before the page drew the first (a quick hand, a busy phone)', async () => {
    renderPage();
    // One act: both changes land before React draws again.
    act(() => {
      fireEvent.change(screen.getByLabelText('Availability'), { target: { value: 'today' } });
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'soonest' } });
    });
    const search = urlSearch();
    expect(search.get('available')).toBe('today');
    expect(search.get('sort')).toBe('soonest');
  });

  it('shows a pick at once, so a change event that reads the field before the URL moves keeps it', async () => {
    // On the drawn page a pick's `input` event hydrated the page, the loader replayed the pick, and
    // the pick's own `change` came after, reading the field (decision 114). React puts a controlled
    // field's value back after each event; the URL moves in a transition, so the value it put back
    // was the old one, and that late `change` cleared the filter.
    renderPage();
    const availability = screen.getByLabelText<HTMLSelectElement>('Availability');
    act(() => {
      fireEvent.change(availability, { target: { value: 'today' } });
      expect(availability.value).toBe('today');
      fireEvent.change(availability);
      fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'soonest' } });
    });
    expect(urlSearch().toString()).toBe('available=today&sort=soonest');
  });

  it("shows the URL's search again after Back, and the next pick starts from it", async () => {
    renderPage();
    act(() => fireEvent.change(screen.getByLabelText('Availability'), { target: { value: 'today' } }));
    act(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'soonest' } }));
    expect(urlSearch().toString()).toBe('available=today&sort=soonest');

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })));
    expect(urlSearch().toString()).toBe('available=today');
    expect(screen.getByLabelText<HTMLSelectElement>('Sort by').value).toBe('rating');
    act(() => fireEvent.change(screen.getByLabelText('Sort by'), { target: { value: 'price_asc' } }));
    expect(urlSearch().toString()).toBe('available=today&sort=price_asc');
  });
});
