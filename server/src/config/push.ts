import { z } from 'zod';

/**
 * Web Push (issue 42, decision 084). `vapid` is the key pair from VAPID_PUBLIC_KEY and
 * VAPID_PRIVATE_KEY; without one a demo server makes its own on first start and keeps it in the
 * database (`generate`), and any other server has push switched off.
 */
export type PushSettings = {
  keys: { kind: 'configured'; publicKey: string; privateKey: string } | { kind: 'generate' } | { kind: 'off' };
  /** Who runs this server, as push services ask (mailto: or https:). */
  subject: string;
  /** Subscriptions at http://127.0.0.1 are accepted (a test's or a developer's own push service); never in production. */
  allowLoopbackHttp: boolean;
};

/** An uncompressed P-256 point (65 bytes) and a P-256 private scalar (32 bytes), base64url without padding. */
const PUBLIC_KEY = /^B[A-Za-z0-9_-]{86}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

const pushEnvSchema = z.object({
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(PUBLIC_KEY, 'must be a VAPID public key: 87 base64url characters (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(PRIVATE_KEY, 'must be a VAPID private key: 43 base64url characters (npx web-push generate-vapid-keys)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^(mailto:[^\s<>@]+@[^\s<>@]+|https:\/\/[^\s]+)$/, 'must be mailto:someone@example.com or an https:// URL')
    .optional(),
});

export function pushSettings(
  env: NodeJS.ProcessEnv,
  context: { demoMode: boolean; production: boolean; operatorEmail: string },
): { settings: PushSettings; problems: string[] } {
  const parsed = pushEnvSchema.safeParse(env);
  const off: PushSettings = {
    keys: { kind: 'off' },
    subject: 'mailto:no-reply@medora.local',
    allowLoopbackHttp: false,
  };
  if (!parsed.success) {
    return { settings: off, problems: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`) };
  }
  const e = parsed.data;
  // Half a key pair would sign with a key no browser subscribed to: refuse it.
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
    const given = e.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
    return { settings: off, problems: [`${missing}: must be set together with ${given}`] };
  }
  const keys: PushSettings['keys'] =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { kind: 'configured', publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : context.demoMode
        ? { kind: 'generate' }
        : { kind: 'off' };
  const subject =
    e.VAPID_SUBJECT ?? (context.operatorEmail ? `mailto:${context.operatorEmail}` : 'mailto:no-reply@medora.local');
  return { settings: { keys, subject, allowLoopbackHttp: !context.production }, problems: [] };
}
