// @vitest-environment jsdom
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '@common/schemas/auth';
import { createQueryClient } from '../../lib/query-client';
import { queryKeys } from '../../lib/query-keys';
import { aCurrentUser } from '../../test-support/current-user';
import { showIn } from '../../test-support/language';
import { pathOf, startServer, type Started } from '../../test-support/msw';
import { AssistantWidget } from './assistant-widget';

const server = startServer();

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

const aPatientProfile = (country: string) => ({
  userId: '00000000-0000-4000-8000-000000000001',
  dateOfBirth: '1990-04-21',
  gender: 'female',
  phoneNumber: '+20 2 1234 5678',
  address: '12 Nile Street',
  city: 'Cairo',
  state: null,
  zipCode: null,
  country,
  emergencyContactName: 'Omar Hassan',
  emergencyContactPhone: '+20 2 8765 4321',
  emergencyContactRelation: 'spouse',
  medicalHistory: null,
  currentMedications: null,
  allergies: null,
  preferredLanguage: 'Arabic',
  agreedToTerms: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

/** The browser's languages, as `navigator.languages` gives them. */
function browserSpeaks(...languages: string[]) {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languages[0] ?? '');
}

/**
 * Every request the page makes is answered by `answer` (none expected without one: it fails as
 * the network would); the test reads what was asked, logged as fetch was called.
 */
function renderAssistant({ user, answer }: { user: CurrentUser | null; answer?: (url: string) => Response }) {
  server.use(
    http.all('*', ({ request }) => {
      if (!answer) return HttpResponse.error();
      return answer(pathOf(request));
    }),
  );
  const client: QueryClient = createQueryClient();
  client.setQueryData(queryKeys.currentUser, user);
  render(
    <QueryClientProvider client={client}>
      <AssistantWidget startOpen />
    </QueryClientProvider>,
  );
  return { started: server.started, client };
}

function type(message: string) {
  const field = screen.getByRole('textbox');
  fireEvent.change(field, { target: { value: message } });
  fireEvent.submit(field.closest('form')!);
}

/** What the assistant said right after the person's last message. */
function answerTo(message: string): string {
  const items = within(screen.getByRole('log')).getAllByRole('listitem');
  const asked = items.findLastIndex((item) => item.textContent?.includes(message));
  expect(asked).toBeGreaterThan(-1);
  const bubble = items[asked + 1]?.querySelector('p');
  // Leave out the "Assistant:" a screen reader hears; numbers are isolated from the sentence's
  // direction (U+2068…U+2069), which the reader does not see.
  const said = [...(bubble?.childNodes ?? [])]
    .filter((node) => !(node instanceof HTMLElement && node.classList.contains('sr-only')))
    .map((node) => node.textContent)
    .join('');
  return said.replace(/[\u2068\u2069]/g, '');
}

/** Nothing the person typed left the browser: not in a URL, not in a body. */
function expectNotSent(started: Started[], typed: string) {
  for (const { url, body } of started) {
    expect(decodeURIComponent(url)).not.toContain(typed);
    expect(body).not.toContain(typed);
  }
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  showIn('en');
});

describe('emergency help where the person is', () => {
  it('answers chest pain in Arabic with Egypt’s 123 when the profile says Egypt, whatever the browser says', async () => {
    showIn('ar');
    browserSpeaks('en-US');
    const { started, client } = renderAssistant({
      user: aCurrentUser({ language: 'ar' }),
      answer: (url) => {
        if (url.endsWith('/api/patients/profile')) return json(aPatientProfile('Egypt'));
        throw new Error(`unexpected request: ${url}`);
      },
    });
    await waitFor(() => expect(client.getQueryData(queryKeys.patientProfile.own)).toBeTruthy());

    const message = 'أشعر بألم شديد في الصدر منذ ساعة';
    type(message);

    const answer = answerTo(message);
    expect(answer.split('\n')[0]).toContain('123');
    expect(answer).toContain('مصر');
    expect(answer).not.toContain('911');
    // The profile was read; what was typed never left the browser.
    expect(started.map(({ url }) => url)).toEqual([expect.stringMatching(/\/api\/patients\/profile$/)]);
    expectNotSent(started, message);
  });

  it('answers thoughts of suicide in Spanish with 112 and the crisis line 024 from the browser’s region, signed out', () => {
    showIn('es');
    browserSpeaks('es-ES', 'es');
    const { started } = renderAssistant({ user: null });

    const message = 'Últimamente pienso en quitarme la vida';
    type(message);

    const [first, second] = answerTo(message).split('\n');
    expect(first).toContain('112');
    expect(first).toContain('España');
    expect(second).toContain('024');
    expect(started).toEqual([]);
  });

  it('gives clear generic advice when it cannot tell the country', () => {
    browserSpeaks('en');
    const { started } = renderAssistant({ user: null });

    const message = 'My dad has slurred speech and his face is drooping';
    type(message);

    const answer = answerTo(message);
    expect(answer.split('\n')[0]).toBe(
      'Call your local emergency number now. We could not tell which country you are in, so we cannot show its number.',
    );
    expect(answer).not.toMatch(/\d/);
    expect(started).toEqual([]);
  });

  it('says suicide has no known crisis line there rather than invent one', () => {
    browserSpeaks('ar-EG');
    renderAssistant({ user: null });

    const message = 'I keep thinking about suicide';
    type(message);

    const [first, second] = answerTo(message).split('\n');
    expect(first).toContain('123');
    expect(second).toBe(
      'If you are having thoughts of suicide, you are not alone. Please talk now to someone you trust or to a crisis line near you.',
    );
  });

  it('puts the number first on Emergency Info, before saying Medora is not for emergencies', () => {
    browserSpeaks('en-GB');
    renderAssistant({ user: null });

    fireEvent.click(screen.getByRole('button', { name: 'Emergency Info' }));

    const lines = answerTo('Emergency Info').split('\n');
    expect(lines[0]).toBe(
      "The emergency number where you are (United Kingdom) is 999 or 112. If someone's life may be in danger, call now.",
    );
    expect(lines.at(-1)).toContain('non-emergency');
  });

  it('falls back to the browser’s region for a signed-in doctor with no profile yet', async () => {
    browserSpeaks('en-US');
    const { client } = renderAssistant({
      user: aCurrentUser({ userType: 'doctor' }),
      answer: (url) => {
        if (url.endsWith('/api/profile/doctor')) return json(null);
        throw new Error(`unexpected request: ${url}`);
      },
    });
    await waitFor(() => expect(client.getQueryState(queryKeys.doctorWork.ownProfile)?.status).toBe('success'));

    // No profile yet: the browser's region stands in.
    type('chest pain');
    expect(answerTo('chest pain').split('\n')[0]).toContain('911');
  });

  it('still answers everyday questions after the usual pause', async () => {
    browserSpeaks('en-US');
    renderAssistant({ user: null });
    type('I have a headache');
    expect(await screen.findByText(/Common triggers include stress/, {}, { timeout: 3000 })).toBeTruthy();
    expect(answerTo('I have a headache')).not.toContain('911');
  });
});
