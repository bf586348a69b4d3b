// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { showIn } from '../../test-support/language';
import { startServer } from '../../test-support/msw';
import { POLICY_LAST_UPDATED, PrivacyPolicyPage } from './privacy-policy-page';

const server = startServer();

afterEach(() => {
  cleanup();
  showIn('en');
  vi.useRealTimers();
});

function showPolicy() {
  server.use(http.all('*', () => HttpResponse.json({})));
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PrivacyPolicyPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** The text of the section under the heading `title`. */
const section = (title: string) =>
  screen.getByRole('heading', { name: title, level: 2 }).closest('section')!.textContent;

it('dates the policy by when its text changed, not by the day it is read', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2029-03-15T10:00:00Z'));
  showPolicy();
  const stamp = screen.getByText(/Last updated:/);
  expect(stamp.querySelector('time')?.getAttribute('dateTime')).toBe(POLICY_LAST_UPDATED);
  expect(stamp.textContent).toBe('Last updated: December 2, 2026');
  expect(stamp.textContent).not.toContain('2029');
});

// A shared two-core machine renders the first screen slowly; the default 5 s is for one test alone.
describe('what the waitlist keeps, and until when', { timeout: 30_000 }, () => {
  it('in English: what is kept, that ended requests stay, and that deletion removes them', () => {
    showPolicy();
    const collected = section('Information We Collect');
    expect(collected).toContain(
      'the doctor, the type of visit, the date you want a time before, which family member it is for',
    );
    const kept = section('Data Retention');
    expect(kept).toContain('Your requests to be told when an earlier time opens are kept while your account is open');
    expect(kept).toContain('Stopping a request ends it but does not delete it.');
    expect(kept).toContain('They are deleted when you delete your account');
    expect(section('Deleting Your Account')).toContain(
      'Your requests to be told when an earlier time opens: the doctor, type of visit, date, family member and reason.',
    );
  });

  it('in Spanish and Arabic too', () => {
    showIn('es');
    showPolicy();
    expect(section('Conservación de los datos')).toContain('Se eliminan cuando elimina su cuenta');
    expect(document.body.textContent).toContain('el familiar para quien es');
    cleanup();
    showIn('ar');
    showPolicy();
    expect(section('الاحتفاظ بالبيانات')).toContain('تُحذف عند حذف حسابك');
    expect(document.body.textContent).toContain('وفرد العائلة الذي تخصّه الزيارة');
  });
});
