// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminPaymentDetail } from '@common/schemas/admin';
import { createIntl } from 'react-intl';
import { formatMoney } from '@common/i18n/format';
import { INTL_LOCALE } from '@common/i18n/languages';
import { whenIn } from '@common/i18n/when';
import { collect } from '../../lib/i18n/collect';
import type { Translate } from '../../lib/i18n/use-t';
import { RefundConfirmDialog } from './refund-confirm-dialog';
import { refundConsequence } from './refund-text';

const FILES = import.meta.glob(
  ['../../../../common/i18n/*/screens/admin.json', '../../../../common/i18n/*/screens/when.json'],
  {
    eager: true,
    import: 'default',
  },
);
const catalogue = (language: string) =>
  collect(Object.fromEntries(Object.entries(FILES).filter(([file]) => file.includes(`/${language}/`))));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const payment = (status: string): AdminPaymentDetail => ({
  id: '00000000-0000-4000-8000-000000000001',
  patientName: 'Pat Jones',
  doctorName: 'Daniel Okafor',
  amount: 15000,
  status: 'succeeded',
  purpose: 'appointment',
  createdAt: '2026-11-20T10:00:00Z',
  provider: 'simulated',
  providerIntentId: 'pi_sim_1',
  currency: 'usd',
  refundedAmount: 0,
  providerRefundId: null,
  updatedAt: '2026-11-20T10:00:00Z',
  patient: { id: '00000000-0000-4000-8000-000000000002', name: 'Pat Jones', email: 'pat@example.com' },
  doctor: { id: '00000000-0000-4000-8000-000000000003', name: 'Daniel Okafor', email: 'doc@example.com' },
  appointment: {
    id: '00000000-0000-4000-8000-000000000004',
    startsAt: '2026-12-03T15:00:00Z',
    status,
    consultationType: 'video',
    fee: 15000,
  },
  earning: null,
  refunds: [],
});

describe('a refund from the console', () => {
  it('asks in the product’s dialog, never window.confirm, and says the appointment will be cancelled', async () => {
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const onConfirm = vi.fn((done: () => void) => done());
    render(<RefundConfirmDialog payment={payment('confirmed')} pending={false} onConfirm={onConfirm} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund this payment?' });
    expect(dialog.textContent).toContain('$150 goes back to Pat Jones.');
    expect(dialog.textContent).toContain('will be cancelled, and both sides will be told');
    await user.click(within(dialog).getByRole('button', { name: 'Keep Payment' }));
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    await user.click(screen.getByRole('button', { name: 'Refund Payment' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(confirm).not.toHaveBeenCalled();
  });

  it('says a visit that already took place stays as it is', async () => {
    render(<RefundConfirmDialog payment={payment('completed')} pending={false} onConfirm={vi.fn()} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.getByRole('dialog', { name: 'Refund this payment?' }).textContent).toContain(
      '$150 goes back to Pat Jones. The appointment is completed and stays as it is.',
    );
  });

  it('says it in Spanish and Arabic, with the amount, the date and the status in their words', () => {
    const words = (language: 'es' | 'ar') => {
      const intl = createIntl({ locale: INTL_LOCALE[language], messages: catalogue(language) });
      const t = ((id, values) => intl.formatMessage({ id }, values)) as Translate;
      return {
        t,
        money: (cents: number) => formatMoney(cents, language),
        when: (iso: string) => whenIn({ language, say: t, zoneLabel: (zone) => zone }).when(iso, 'UTC'),
        status: (code: string) => intl.formatMessage({ id: `admin.code.${code}` }),
      };
    };
    expect(refundConsequence(payment('completed'), words('es')).replace(/\u00a0/g, ' ')).toBe(
      'Se devolverán 150 US$ a Pat Jones. La cita figura como completada y se mantiene tal cual.',
    );
    const arabic = refundConsequence(payment('confirmed'), words('ar'));
    expect(arabic).toContain('سيُلغى الموعد مع Dr. Daniel Okafor');
    expect(arabic).toContain('ديسمبر');
    expect(arabic).not.toMatch(/[A-Za-z]+day|December|cancelled/);
  });
});
