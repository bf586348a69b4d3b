// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { createIntl } from 'react-intl';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { Language } from '@common/i18n/languages';
import type { Appointment } from '@common/schemas/appointments';
import { markLoadedForTests } from '../../lib/i18n/areas';
import { collect } from '../../lib/i18n/collect';
import { setFallbackIntl } from '../../lib/i18n/use-t';
import { createQueryClient } from '../../lib/query-client';
import { AppointmentCard } from './appointment-card';

const FILES = {
  es: {
    ...import.meta.glob('../../../../common/i18n/es/*.json', { eager: true, import: 'default' }),
    ...import.meta.glob('../../../../common/i18n/es/screens/*.json', { eager: true, import: 'default' }),
  },
  ar: {
    ...import.meta.glob('../../../../common/i18n/ar/*.json', { eager: true, import: 'default' }),
    ...import.meta.glob('../../../../common/i18n/ar/screens/*.json', { eager: true, import: 'default' }),
  },
};
const AREAS = ['appointments', 'visits', 'ui', 'pages', 'when'];

// Each test file gets its own modules, so switching the fallback language here touches no other file.
function speak(language: Exclude<Language, 'en'>) {
  markLoadedForTests(language, AREAS);
  const locale = language === 'ar' ? 'ar-u-nu-latn' : 'es';
  setFallbackIntl(createIntl({ locale, messages: collect(FILES[language]) }), language);
}

afterEach(cleanup);

// Thursday 3 December 2026, 15:00 UTC: 10:00 in New York, the doctor's zone; the viewer's is UTC (TZ=UTC).
const paid: Appointment = {
  id: '00000000-0000-4000-8000-000000000011',
  status: 'confirmed',
  appointmentDate: '2026-12-03',
  appointmentTime: '10:00 AM',
  startsAt: '2026-12-03T15:00:00Z',
  timeZone: 'America/New_York',
  consultationType: 'video',
  reasonForVisit: 'Dolor de garganta',
  additionalNotes: null,
  fee: 14950,
  payment: { status: 'succeeded', refundedAmount: 0 },
  doctorId: '00000000-0000-4000-8000-000000000012',
  patientId: '00000000-0000-4000-8000-000000000013',
  doctor: {
    id: '00000000-0000-4000-8000-000000000012',
    user: { firstName: 'Daniel', lastName: 'Okafor', profileImageUrl: null },
    specialty: 'Cardiology',
    consultationFee: 14950,
    location: 'New York',
    country: 'United States',
    officeAddress: null,
    timeZone: 'America/New_York',
  },
  patient: { id: '00000000-0000-4000-8000-000000000013', firstName: 'Ana', lastName: 'Ruiz', profileImageUrl: null },
  hasReview: false,
  cancelledAt: null,
  cancellationReason: null,
  createdAt: '2026-11-20T10:00:00Z',
};

function show(a: Appointment) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <AppointmentCard appointment={a} now={new Date('2026-11-26T12:00:00Z')} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('My Appointments in Spanish and Arabic', () => {
  it('reads in Spanish: status, fee with the locale’s separators, the date and both clocks', () => {
    speak('es');
    show(paid);
    expect(screen.getByText('Confirmada')).toBeTruthy();
    expect(screen.getByText('Pagada')).toBeTruthy();
    expect(screen.getByText('Cardiología')).toBeTruthy();
    const card = screen.getByTestId('appointment-card').textContent ?? '';
    expect(card).toContain('Videollamada');
    expect(card).toMatch(/149,50\s?US\$/);
    expect(card).toContain('jueves, 3 de diciembre de 2026 a las 15:00');
    expect(card).toContain('10:00 hora de Nueva York (UTC−5)');
    expect(card).toContain('Motivo de la consulta');
    expect(screen.getByRole('button', { name: 'Reprogramar' })).toBeTruthy();
  });

  it('reads in Arabic with Western digits and the amount kept in one left-to-right run', () => {
    speak('ar');
    show({
      ...paid,
      status: 'cancelled',
      cancellationReason: 'Emergencia',
      payment: { status: 'refunded', refundedAmount: 14950 },
    });
    expect(screen.getByText('ملغى')).toBeTruthy();
    expect(screen.getByText('تم الاسترداد')).toBeTruthy();
    const card = screen.getByTestId('appointment-card').textContent ?? '';
    expect(card).toContain('الخميس');
    expect(card).toContain('\u2066');
    expect(card).toContain('ألغاه Dr. Okafor');
    expect(card).not.toMatch(/[٠-٩]/);
  });
});
