import webpush from 'web-push';
import type { Vapid } from './keys';

export type Sent = 'sent' | 'gone' | 'failed';

/** How long a push service may keep an undelivered notice (seconds): a reminder is worthless after its visit starts. */
export const TTL = { reminder: 15 * 60, other: 24 * 60 * 60 } as const;

const TIMEOUT_MS = 10_000;

/**
 * Posts one notice to one device's push service: the payload encrypted to the browser's keys
 * (RFC 8291, aes128gcm) and signed with our VAPID key (RFC 8292), both by web-push; the request
 * itself goes through fetch, which also reaches the http://127.0.0.1 push service of a test.
 * 404 or 410 means the browser dropped the subscription; anything else that is not a 2xx, or no
 * answer in time, is a failure to retry.
 */
export async function sendPush(
  device: { endpoint: string; p256dh: string; auth: string },
  text: string,
  vapid: Vapid,
  ttlSeconds: number,
): Promise<Sent> {
  const details = webpush.generateRequestDetails(
    { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
    text,
    { vapidDetails: vapid, TTL: ttlSeconds, contentEncoding: 'aes128gcm', urgency: 'high' },
  );
  const headers = Object.fromEntries(
    Object.entries(details.headers)
      .filter(([name]) => name.toLowerCase() !== 'content-length')
      .map(([name, value]) => [name, String(value)]),
  );
  try {
    const response = await fetch(details.endpoint, {
      method: 'POST',
      headers,
      body: details.body ? new Uint8Array(details.body) : null,
      // A push service does not redirect; following one would send the notice somewhere unchecked.
      redirect: 'manual',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.ok ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}
