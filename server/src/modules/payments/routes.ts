import type { FastifyInstance } from 'fastify';
import {
  confirmBodySchema,
  confirmReplySchema,
  createIntentBodySchema,
  createSpecialtyIntentBodySchema,
  intentReplySchema,
  paymentConfigSchema,
  simulatedCardBodySchema,
  simulatedCardReplySchema,
  webhookReplySchema,
} from '@common/schemas/payments';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { notFound } from '../../core/errors';
import { SimulatedProvider } from '../../payments/simulated';
import { servicesOf } from '../events/bus';
import { confirmPayment, createAppointmentIntent, createSpecialtyIntent } from './service';
import { paymentPurposes } from './purposes';
import { confirmPaymentFromWebhook, handleWebhook } from './webhook';

export async function paymentRoutes(app: FastifyInstance, context: AppContext) {
  const { db, payments: provider, clock } = context;
  // Other modules that take payments register their purposes from their own route plugins.
  const purposes = paymentPurposes(context);
  purposes.register('appointment', confirmPaymentFromWebhook);
  purposes.register('specialty', confirmPaymentFromWebhook);

  const r = route(app, 'Payments');

  r.get(
    '/api/payments/config',
    {
      access: 'public',
      summary: 'Tell the client which payment provider is in use, with its publishable key',
      schema: { response: { 200: paymentConfigSchema } },
    },
    async () => ({
      provider: provider.name,
      publishableKey: provider.publishableKey,
    }),
  );

  r.post(
    '/api/payments/create-intent',
    {
      access: 'user',
      verifiedEmail: true,
      summary: 'Start paying for my pending appointment, by card and optionally from my wallet',
      errors: {
        404: 'The appointment does not exist or is not the caller’s.',
        409: 'The appointment is already paid or was cancelled, or the wallet balance is too low.',
      },
      schema: { body: createIntentBodySchema, response: { 200: intentReplySchema } },
    },
    async ({ request, user }) =>
      createAppointmentIntent(
        servicesOf(context, request.log),
        user.id,
        request.body.appointmentId,
        clock.now(),
        request.body.useWallet,
      ),
  );

  r.post(
    '/api/payments/create-specialty-intent',
    {
      access: 'user',
      verifiedEmail: true,
      summary: 'Start paying for a consultation with the next available doctor of a specialty',
      errors: { 409: 'No verified doctor of that specialty is available.' },
      schema: { body: createSpecialtyIntentBodySchema, response: { 200: intentReplySchema } },
    },
    async ({ request, user }) => createSpecialtyIntent(db, provider, user.id, request.body),
  );

  r.post(
    '/api/payments/confirm',
    {
      access: 'user',
      verifiedEmail: true,
      summary: 'Confirm a payment the provider reports succeeded; the appointment becomes confirmed',
      errors: {
        402: "The payment has not succeeded; the message is the provider's.",
        404: 'The payment does not exist or is not the caller’s.',
        409: 'The amount paid does not match, the slot was lost, or the payment was refunded.',
      },
      schema: { body: confirmBodySchema, response: { 200: confirmReplySchema } },
    },
    async ({ request, user }) =>
      confirmPayment(servicesOf(context, request.log), request.body.paymentIntentId, user.id, clock.now()),
  );

  // The simulated processor's card endpoint (what Stripe.js would call on Stripe's servers).
  r.post(
    '/api/payments/simulated/confirm-card',
    {
      access: 'user',
      summary: "Pay a simulated payment with a test card (the simulated provider's stand-in for Stripe.js)",
      description: 'Only with the simulated payment provider (the demo default).',
      errors: { 404: 'The simulated provider is not in use.' },
      schema: { body: simulatedCardBodySchema, response: { 200: simulatedCardReplySchema } },
    },
    async ({ request }) => {
      if (!(provider instanceof SimulatedProvider)) throw notFound('Route');
      const { intent, error } = await provider.confirmWithCard(request.body.clientSecret, request.body.card);
      return { paymentIntentId: intent.id, status: intent.status, error };
    },
  );

  // The webhook needs the exact bytes Stripe signed, so this child context parses JSON as a raw
  // Buffer; every other route keeps Fastify's JSON parser.
  await app.register(async (child) => {
    child.removeContentTypeParser('application/json');
    child.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: 512 * 1024 },
      (_request, body, done) => done(null, body),
    );
    route(child, 'Payments').post(
      '/api/payments/webhook',
      {
        access: 'public',
        summary: "Receive Stripe's payment events",
        description:
          'Stripe mode. The raw body is verified against the `Stripe-Signature` header; a bad signature is a 400.',
        schema: { response: { 200: webhookReplySchema } },
      },
      async ({ request }) => {
        const signature = request.headers['stripe-signature'];
        await handleWebhook(
          servicesOf(context, request.log),
          purposes,
          request.body as Buffer,
          typeof signature === 'string' ? signature : undefined,
          clock.now(),
        );
        return { received: true as const };
      },
    );
  });
}
