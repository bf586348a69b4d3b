import { useMutation } from '@tanstack/react-query';
import { endpoint } from './endpoint';

// The schemas arrive with the first request that needs them, not in the shared chunk every page loads.
const schemas = () => import('@common/schemas/push');

const vapidPublicKey = endpoint('GET', '/api/push/vapid-public-key', () =>
  schemas().then((m) => m.vapidPublicKeySchema),
);
const addDevice = endpoint('POST', '/api/push/subscriptions', () => schemas().then((m) => m.pushSubscriptionSchema));

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
  return useMutation({ mutationFn: subscribeThisDevice });
}
