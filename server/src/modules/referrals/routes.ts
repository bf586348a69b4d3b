import type { FastifyInstance } from 'fastify';
import {
  createReferralSchema,
  referralListSchema,
  referralSchema,
  referralSummarySchema,
  walletSchema,
} from '@common/schemas/referrals';
import type { AppContext } from '../../deps';
import { route } from '../../http/route';
import { walletBalance, walletLedger } from '../wallet/moves';
import { createReferral, listReferrals, referralSummary } from './service';

export async function referralRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app, 'Referrals and wallet');

  r.get(
    '/api/referrals',
    { access: 'user', summary: 'List the people I have referred', schema: { response: { 200: referralListSchema } } },
    async ({ user }) => listReferrals(db, user.id),
  );

  r.get(
    '/api/referrals/summary',
    {
      access: 'user',
      summary: 'Read my referral code, wallet balance and total earned',
      schema: { response: { 200: referralSummarySchema } },
    },
    async ({ user }) => referralSummary(db, user.id),
  );

  r.post(
    '/api/referrals',
    {
      access: 'user',
      verifiedEmail: true,
      summary: 'Invite someone to Medora by e-mail',
      errors: { 409: 'The person has already been referred (whether they have an account is never said).' },
      schema: { body: createReferralSchema, response: { 201: referralSchema } },
    },
    async ({ request, reply, user }) =>
      reply.status(201).send(await createReferral(db, user.id, request.body, clock.now())),
  );

  r.get(
    '/api/wallet',
    { access: 'user', summary: 'Read my wallet balance and its entries', schema: { response: { 200: walletSchema } } },
    async ({ user }) => {
      const [balance, entries] = await Promise.all([walletBalance(db, user.id), walletLedger(db, user.id)]);
      return {
        balance,
        entries: entries.map((e) => ({
          id: e.id,
          amount: e.amount,
          balanceAfter: e.balanceAfter,
          reason: e.reason,
          memo: e.memo,
          createdAt: e.createdAt.toISOString(),
        })),
      };
    },
  );
}
