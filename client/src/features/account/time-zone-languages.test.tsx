// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { aCurrentUser } from '../../test-support/current-user';
import { showIn } from '../../test-support/language';
import { TimeZoneCard } from './time-zone-card';

afterEach(() => {
  cleanup();
  showIn('en');
});

const user = aCurrentUser({
  id: '00000000-0000-4000-8000-000000000002',
  email: 'ana@example.org',
  firstName: 'Ana',
  lastName: 'Ruiz',
  language: 'es',
});

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <TimeZoneCard user={user} />
    </QueryClientProvider>,
  );

// A shared two-core machine renders the first screen slowly; the default 5 s is for one test alone.
describe('the time zone card in Spanish and Arabic', { timeout: 30_000 }, () => {
  it('names the zone and the clock in Spanish, and finds a city by its Spanish name', () => {
    showIn('es');
    show();
    // The offset keeps its minus sign; the clock is the 24-hour one Spanish reads.
    expect(
      screen.getByText(
        /muestran las horas en hora de Nueva York \(UTC−[45]\)\. Ahora son las \d{1,2}:\d{2} hora de Nueva York\./,
      ),
    ).toBeTruthy();
    const select = screen.getByLabelText<HTMLSelectElement>('Su zona horaria');
    fireEvent.change(screen.getByLabelText('Buscar por ciudad o región'), { target: { value: 'berlín' } });
    expect([...select.options].map((o) => o.textContent)).toContainEqual(
      expect.stringMatching(/^hora de Berlín \(UTC\+[12]\)$/),
    );
  });

  it('says it in Arabic, with the zone named by its place', () => {
    showIn('ar');
    show();
    expect(screen.getByText(/توقيت نيويورك/, { selector: 'p' }).textContent).toContain('تعرض مواعيدك');
    expect(screen.getByRole('button', { name: 'حفظ المنطقة الزمنية' })).toBeTruthy();
  });
});
