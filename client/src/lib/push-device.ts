import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { endpoint, noContentEndpoint } from './endpoint';

// The schemas arrive with the first request that needs them, not in the shared chunk every page loads.
const schemas = () => import('@common/schemas/push');

const vapidPublicKey = endpoint('GET', '/api/push/vapid-public-key', () =>
  schemas().then((m) => m.vapidPublicKeySchema),
);
const addDevice = endpoint('POST', '/api/push/subscriptions', () => schemas().then((m) => m.pushSubscriptionSchema));
const listDevices = endpoint('GET', '/api/push/subscriptions', () =>
  schemas().then((m) => m.pushSubscriptionListSchema),
);
const removeDevice = noContentEndpoint('DELETE', '/api/push/subscriptions/:id');

const DEVICES_KEY = ['/api/push/subscriptions'] as const;

/** The devices that get my notifications, newest first. */
export const pushDevicesQuery = queryOptions({ queryKey: DEVICES_KEY, queryFn: () => listDevices.send() });

export function usePushDevices() {
  return useQuery(pushDevicesQuery);
}

export function useRemovePushDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => removeDevice.send({ params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}

/** The push endpoint of this browser, if it has subscribed: how "This device" is told apart. */
export function useThisDeviceEndpoint(): string | null {
  const [endpointUrl, setEndpointUrl] = useState<string | null>(null);
  useEffect(() => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    let live = true;
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => registration?.pushManager.getSubscription())
      .then((subscription) => live && setEndpointUrl(subscription?.endpoint ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return endpointUrl;
}

/** The worker that shows pushes; it caches nothing (client/public/push-sw.js). */
export const PUSH_WORKER_URL = '/push-sw.js';

/** Whether this browser can take push notifications at all (and has not been asked and refused). */
export function pushAvailable(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window &&
    Notification.permission !== 'denied'
  );
}

/** Asks the browser's permission, registers the worker, subscribes with the server's key and sends the device to the server. */
async function subscribeThisDevice(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new Error('permission');
  const { publicKey } = await vapidPublicKey.send();
  const registration = await navigator.serviceWorker.register(PUSH_WORKER_URL, { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: Uint8Array.from(atob(publicKey.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
      c.charCodeAt(0),
    ),
  });
  await addDevice.send({ body: subscription.toJSON() });
}

export function useSubscribeThisDevice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: subscribeThisDevice,
    onSuccess: () => client.invalidateQueries({ queryKey: DEVICES_KEY }),
  });
}
