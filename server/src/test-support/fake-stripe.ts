import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small local stand-in for the three Stripe API calls Medora makes (create and retrieve a
 * PaymentIntent, create a refund), so the real SDK can be exercised without the network.
 * Stripe publishes no offline mock on npm, and tests never leave the machine.
 */
export type FakeIntent = {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: { message: string; code: string } | null;
  livemode: false;
};

export type FakeStripe = {
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: { id: string; payment_intent: string; amount: number }[];
  /** Every request the SDK made, for assertions ("the server re-read the intent"). */
  requests: { method: string; path: string; idempotencyKey?: string }[];
  /** What the browser would do with the Payment Element: succeed or decline the intent. */
  setStatus: (id: string, status: string, lastError?: string) => void;
  /** The card behind this intent refuses refunds: each refund comes back `failed`, as Stripe's test card 4000 0000 0000 5126 does. */
  failRefunds: (id: string) => void;
  close: () => Promise<void>;
};

const hex = (n: number) => randomBytes(n).toString('hex');

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${hex(6)}` });
  res.end(JSON.stringify(body));
}

const stripeError = (code: string, message: string) => ({ error: { type: 'invalid_request_error', code, message } });

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds: FakeStripe['refunds'] = [];
  const refusing = new Set<string>();
  const requests: FakeStripe['requests'] = [];
  const idempotent = new Map<string, unknown>();

  const server = createServer(async (req, res) => {
    const path = (req.url ?? '').split('?')[0];
    const idempotencyKey = req.headers['idempotency-key'] as string | undefined;
    requests.push({ method: req.method ?? '', path, idempotencyKey });
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const replayKey = idempotencyKey && `${req.method} ${path} ${idempotencyKey}`;
    if (replayKey && idempotent.has(replayKey)) return send(res, 200, idempotent.get(replayKey));
    const ok = (body: unknown) => {
      if (replayKey) idempotent.set(replayKey, body);
      send(res, 200, body);
    };

    if (req.method === 'POST' && path === '/v1/payment_intents') {
      const form = await readForm(req);
      const metadata: Record<string, string> = {};
      for (const [key, value] of form) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]] = value;
      }
      const id = `pi_${hex(12)}`;
      const intent: FakeIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.get('amount')),
        currency: form.get('currency') ?? 'usd',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${hex(12)}`,
        metadata,
        last_payment_error: null,
        livemode: false,
      };
      intents.set(id, intent);
      return ok(intent);
    }
    const intentMatch = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (req.method === 'GET' && intentMatch) {
      const intent = intents.get(intentMatch[1]);
      if (!intent)
        return send(res, 404, stripeError('resource_missing', `No such payment_intent: '${intentMatch[1]}'`));
      return send(res, 200, intent);
    }
    const cancelMatch = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(path);
    if (req.method === 'POST' && cancelMatch) {
      const intent = intents.get(cancelMatch[1]);
      if (!intent) return send(res, 404, stripeError('resource_missing', 'No such payment_intent'));
      if (intent.status === 'succeeded' || intent.status === 'processing')
        return send(
          res,
          400,
          stripeError(
            'payment_intent_unexpected_state',
            `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.`,
          ),
        );
      intent.status = 'canceled';
      return ok(intent);
    }
    if (req.method === 'POST' && path === '/v1/refunds') {
      const form = await readForm(req);
      const intent = intents.get(form.get('payment_intent') ?? '');
      if (!intent) return send(res, 404, stripeError('resource_missing', 'No such payment_intent'));
      if (intent.status !== 'succeeded')
        return send(
          res,
          400,
          stripeError('charge_not_refundable', 'This PaymentIntent has no successful charge to refund.'),
        );
      if (refunds.some((r) => r.payment_intent === intent.id)) {
        return send(res, 400, stripeError('charge_already_refunded', 'Charge has already been refunded.'));
      }
      const refund = {
        id: `re_${hex(12)}`,
        object: 'refund',
        amount: intent.amount,
        status: refusing.has(intent.id) ? 'failed' : 'succeeded',
        payment_intent: intent.id,
        currency: intent.currency,
      };
      // A failed refund moved no money: the charge may be refunded again.
      if (refund.status === 'succeeded') refunds.push(refund);
      return ok(refund);
    }
    send(res, 404, stripeError('resource_missing', `Unrecognized request URL (${req.method}: ${path})`));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    setStatus(id, status, lastError) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`fake stripe: no intent ${id}`);
      intent.status = status;
      intent.last_payment_error = lastError ? { message: lastError, code: 'card_declined' } : null;
    },
    failRefunds(id) {
      refusing.add(id);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
