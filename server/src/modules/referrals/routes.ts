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
import { walletBalance, walletLedger } from '../wallet/ledger';
import { createReferral, listReferrals, referralSummary } from './service';

export async function referralRoutes(app: FastifyInstance, { db, clock }: AppContext) {
  const r = route(app);

  r.get('/api/referrals', { access: 'user', schema: { response: { 200: referralListSchema } } }, async ({ user }) =>
    listReferrals(db, user.id),
  );

  r.get(
    '/api/referrals/summary',
    { access: 'user', schema: { response: { 200: referralSummarySchema } } },
    async ({ user }) => referralSummary(db, user.id),
  );

  r.post(
    '/api/referrals',
    { access: 'user', schema: { body: createReferralSchema, response: { 201: referralSchema } } },
    async ({ request, reply, user }) =>
      reply.status(201).send(await createReferral(db, user.id, request.body, clock.now())),
  );

  r.get('/api/wallet', { access: 'user', schema: { response: { 200: walletSchema } } }, async ({ user }) => {
    const [balance, entries] = await Promise.all([walletBalance(db, user.id), walletLedger(db, user.id)]);
    return {
      balance,
      entries: entries.map((e) => ({
        id: e.id,
        amount: e.amount,
        balanceAfter: e.balanceAfter,
        reason: e.reason,
        createdAt: e.createdAt.toISOString(),
      })),
    };
  });
}
