import type { FastifyInstance } from 'fastify';
import {
  payoutAccountBodySchema,
  payoutAccountReplySchema,
  payoutAccountSchema,
  payoutSummarySchema,
} from '@common/schemas/receipts';
import type { AppContext } from '../../deps';
import { requirePassword } from '../../http/re-authentication';
import { route } from '../../http/route';
import { auditActor, recordAudit } from '../audit/record';
import { enqueueAccountEmail } from '../mail/events';
import { payoutAccountOf, payoutSummary, savePayoutAccount } from './payout-account';

export async function payoutAccountRoutes(app: FastifyInstance, context: AppContext) {
  const { db, clock } = context;
  const r = route(app, 'Earnings and payouts');

  r.get(
    '/api/doctor/payout-account',
    {
      access: 'doctor',
      summary: 'Read my payout bank account (its last four characters only); null before I add one',
      schema: { response: { 200: payoutAccountReplySchema } },
    },
    async ({ user }) => payoutAccountOf(db, user.id),
  );

  r.put(
    '/api/doctor/payout-account',
    {
      access: 'doctor',
      summary:
        'Set my payout bank account: an IBAN, or a US routing and account number, and the holder; needs my password',
      description:
        'IBANs are checked for their country length and mod-97 check digits; US routing numbers for their checksum. ' +
        '`password` is the account password (a 400 naming it when wrong; wrong ones count against the sign-in lock). ' +
        'Payouts requested and not yet paid go to the new account too. Audited (`payout_account.replace`, kind and ' +
        'last four only) and told to the account’s address.',
      errors: { 429: 'Too many wrong passwords (the sign-in lock of the address); `Retry-After` says when.' },
      schema: { body: payoutAccountBodySchema, response: { 200: payoutAccountSchema } },
    },
    async ({ request, reply, user }) => {
      await requirePassword(context, user, request.body.password, reply);
      const now = clock.now();
      return savePayoutAccount(db, user.id, request.body, async (tx, saved) => {
        const after = { kind: saved.kind, last4: saved.last4 };
        const actor = auditActor(request, user);
        await recordAudit(
          tx,
          actor,
          { action: 'payout_account.replace', target: { type: 'user', id: user.id }, after },
          now,
        );
        await enqueueAccountEmail(
          tx,
          { kind: 'security_notice', userId: user.id, event: 'payout_account_replaced', last4: saved.last4 },
          now,
        );
      });
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
