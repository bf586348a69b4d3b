// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { showIn } from '../../test-support/language';
import { SpecialtiesPage } from './specialties-page';

afterEach(() => {
  cleanup();
  showIn('en');
});

function renderPage() {
  const client = createQueryClient();
  client.setQueryData(queryKeys.currentUser, null);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SpecialtiesPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const cardOf = (name: string) => screen.getByRole('heading', { name }).closest('[data-testid="specialty-card"]');

// A shared two-core machine renders the first screen slowly; the default 5 s is for one test alone.
describe('the specialties page in the reader’s language', { timeout: 30_000 }, () => {
  it('says names, descriptions, fees, waits and the count in Spanish, and finds a specialty typed in Spanish', () => {
    showIn('es');
    renderPage();
    expect(screen.getByRole('heading', { name: 'Especialidades médicas' })).toBeTruthy();
    expect(screen.getByText('Se muestran 24 especialidades')).toBeTruthy();
    const card = cardOf('Cardiología');
    expect(card?.textContent).toContain('Atención del corazón y los vasos sanguíneos');
    expect(card?.textContent).toContain('180\u00a0US$ de media');
    expect(card?.textContent).toContain('2-3 días');
    expect(card?.textContent).toContain('Muy alta');
    fireEvent.change(screen.getByLabelText('Buscar especialidades'), { target: { value: 'cardiología' } });
    expect(screen.getAllByTestId('specialty-card')).toHaveLength(1);
    expect(screen.getByText('Se muestra 1 especialidad')).toBeTruthy();
  });

  it('counts with the Arabic plural forms and matches an Arabic name', () => {
    showIn('ar');
    renderPage();
    // 24 takes the "many" form: the singular noun in the accusative.
    expect(screen.getByText('يُعرض 24 تخصصًا')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('البحث في التخصصات'), { target: { value: 'القلب' } });
    expect(screen.getAllByTestId('specialty-card')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'تواصل مع اختصاصي في أمراض القلب' })).toBeTruthy();
    expect(screen.getByText('يُعرض تخصص واحد')).toBeTruthy();
  });

  it('keeps the English texts as they were', () => {
    renderPage();
    expect(screen.getByText('24 specialties shown')).toBeTruthy();
    expect(cardOf('Cardiology')?.textContent).toContain('$180 avg.');
    expect(screen.getByRole('button', { name: 'Connect with Expert in Cardiology' })).toBeTruthy();
  });
});
