// @vitest-environment jsdom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { http } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../lib/query-client';
import { pathOf, startServer } from '../../test-support/msw';
import { PushOffer } from './push-offer';
// The worker as the build ships it (client/public is copied as it is).
import source from '../../../public/push-sw.js?raw';

const server = startServer();

const PUBLIC_KEY = 'B' + 'A'.repeat(86);
const SUBSCRIPTION = {
  endpoint: 'https://push.example.com/abc',
  expirationTime: null,
  keys: { p256dh: 'p', auth: 'a' },
};

/** A browser that supports push: permission asked, the worker registered, the subscription made. */
function browserWithPush(permission: NotificationPermission = 'granted') {
  const subscribe = vi.fn(async () => ({ toJSON: () => SUBSCRIPTION }));
  const register = vi.fn(async () => ({ pushManager: { subscribe } }));
  const requestPermission = vi.fn(async () => permission);
  vi.stubGlobal('Notification', { permission: 'default', requestPermission });
  vi.stubGlobal('PushManager', function PushManager() {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { register, ready: Promise.resolve({}) },
  });
  const sent: { url: string; body: unknown }[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const url = pathOf(request);
      const body = await request.text();
      sent.push({ url, body: body ? JSON.parse(body) : undefined });
      if (url === '/api/push/vapid-public-key') return Response.json({ publicKey: PUBLIC_KEY });
      if (url === '/api/push/subscriptions' && request.method === 'POST') {
        return Response.json(
          {
            id: '00000000-0000-4000-8000-000000000001',
            endpoint: SUBSCRIPTION.endpoint,
            service: 'push.example.com',
            createdAt: new Date().toISOString(),
            lastSentAt: null,
          },
          { status: 201 },
        );
      }
      return Response.json({ message: 'Not found.' }, { status: 404 });
    }),
  );
  return { register, subscribe, requestPermission, sent };
}

const show = () =>
  render(
    <QueryClientProvider client={createQueryClient()}>
      <MemoryRouter>
        <PushOffer />
      </MemoryRouter>
    </QueryClientProvider>,
  );

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('the reminder offer after a booking', () => {
  it('asks the browser nothing until the person says yes, then subscribes this device', async () => {
    const browser = browserWithPush();
    show();
    await screen.findByRole('heading', { name: 'Get a reminder on this device?' });
    expect(browser.requestPermission).not.toHaveBeenCalled();
    expect(browser.register).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, remind me' }));
    await screen.findByText('Done: this device will get your reminders.');
    expect(browser.register).toHaveBeenCalledWith('/push-sw.js', { scope: '/' });
    const [options] = browser.subscribe.mock.calls[0] as unknown as [
      { userVisibleOnly: boolean; applicationServerKey: Uint8Array },
    ];
    expect(options.userVisibleOnly).toBe(true);
    expect(options.applicationServerKey).toHaveLength(65);
    expect(browser.sent.find((r) => r.url === '/api/push/subscriptions')?.body).toEqual(SUBSCRIPTION);
  });

  it('says so when the person refuses in the browser, and sends nothing', async () => {
    const browser = browserWithPush('denied');
    show();
    fireEvent.click(await screen.findByRole('button', { name: 'Yes, remind me' }));
    await screen.findByRole('alert');
    expect(browser.register).not.toHaveBeenCalled();
    expect(browser.sent).toEqual([]);
  });

  it('is not shown where the browser has no push', () => {
    show();
    expect(screen.queryByRole('heading')).toBeNull();
  });
});

describe('the service worker', () => {
  // Decision 085: it also answers failed page loads with the offline page the app wrote, but it
  // writes no cache itself (features/install/service-worker.test.ts checks what it lets through).
  it('writes no cache, so no page or API reply is kept on the device', () => {
    expect(source).not.toMatch(/\.put\(|\.add\(|addAll|onfetch|importScripts/);
  });

  it('shows a push as its title and text, and opens only this site', async () => {
    const listeners: Record<string, (event: unknown) => void> = {};
    const showNotification = vi.fn(async () => {});
    const openWindow = vi.fn(async () => null);
    const worker = {
      addEventListener: (name: string, fn: (event: unknown) => void) => void (listeners[name] = fn),
      registration: { showNotification },
      location: { origin: 'https://medora.example' },
      clients: { matchAll: async () => [], openWindow },
    };
    new Function('self', 'URL', source)(worker, URL);
    const waits: Promise<unknown>[] = [];
    const data = {
      title: 'Visit reminder',
      body: 'Your visit with Dr. Amara Okafor starts in 15 minutes.',
      url: '/appointments',
      tag: 'visit-1',
    };
    listeners.push({ data: { json: () => data }, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
    expect(showNotification).toHaveBeenCalledWith('Visit reminder', {
      body: data.body,
      tag: 'visit-1',
      icon: '/favicon.svg',
      data: { url: '/appointments' },
    });
    const click = (url: string) =>
      listeners.notificationclick({
        notification: { close: () => {}, data: { url } },
        waitUntil: (p: Promise<unknown>) => waits.push(p),
      });
    click('https://evil.example/phish');
    click('/appointments');
    await Promise.all(waits);
    expect(openWindow.mock.calls).toEqual([['https://medora.example/appointments']]);
  });
});
