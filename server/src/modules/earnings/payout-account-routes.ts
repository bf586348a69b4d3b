import type { FastifyInstance } from 'fastify';
import {
  payoutAccountBodySchema,
  payoutAccountReplySchema,
  payoutAccountSchema,
  payoutSummarySchema,
} from '@common/schemas/receipts';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { payoutAccountOf, payoutSummary, savePayoutAccount } from './payout-account';

export async function payoutAccountRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = route(app, 'Earnings and payouts');

  r.get(
    '/api/doctor/payout-account',
    {
      access: 'doctor',
      summary: 'Read my payout bank account (its last four characters only); null before I add one',
      schema: { response: { 200: payoutAccountReplySchema } },
    },
    async ({ reply, user }) => {
      reply.header('cache-control', 'no-store');
      return payoutAccountOf(db, user.id);
    },
  );

  r.put(
    '/api/doctor/payout-account',
    {
      access: 'doctor',
      summary: 'Set my payout bank account: an IBAN, or a US routing and account number, and the holder',
      description:
        'IBANs are checked for their country length and mod-97 check digits; US routing numbers for their checksum.',
      schema: { body: payoutAccountBodySchema, response: { 200: payoutAccountSchema } },
    },
    async ({ request, reply, user }) => {
      reply.header('cache-control', 'no-store');
      return savePayoutAccount(db, user.id, request.body);
    },
  );

  r.get(
    '/api/doctor/payouts/summary',
    {
      access: 'doctor',
      summary: 'Read what I am owed, what is in requested payouts and what was paid out, from the ledger',
      schema: { response: { 200: payoutSummarySchema } },
    },
    async ({ user }) => payoutSummary(db, user.id),
  );
}
