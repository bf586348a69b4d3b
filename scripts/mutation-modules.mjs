// What `npm run test:mutation` mutates and which test files may kill the mutants, per module
// (issue 38, item 6). Shared by stryker.config.mjs and vitest.mutation.config.ts so that the two
// never disagree. MUTATION_MODULES=ledger,earnings picks some; all of them by default.
const PROPERTY = 'server/src/modules/ledger/money.property.test.ts';
const OPENAPI = 'server/src/http/openapi.test.ts';

export const MUTATION_MODULES = {
  ledger: {
    mutate: ['server/src/modules/ledger/**/*.ts'],
    tests: ['server/src/modules/ledger/ledger.test.ts', 'server/src/modules/payments/refund-failed.test.ts', PROPERTY],
  },
  payments: {
    mutate: ['server/src/modules/payments/**/*.ts'],
    tests: [
      'server/src/modules/payments/*.test.ts',
      'server/src/modules/appointments/state-events.test.ts',
      'server/src/payments/stripe.test.ts',
      // The journeys that pay, refund and fail to: cancellations, the console's refunds, report
      // sales, deleted accounts' wallets, disputes, replays, and the routes' refusals of bad input.
      'server/src/modules/appointments/appointments.test.ts',
      'server/src/modules/appointments/holds.test.ts',
      // A released unpaid booking closes its checkout (payments/subscribers.ts).
      'server/src/modules/appointments/release.test.ts',
      'server/src/modules/admin/refund.test.ts',
      'server/src/modules/admin/report-sales.test.ts',
      'server/src/modules/outbreak/reports.test.ts',
      'server/src/modules/referrals/stripe-rewards.test.ts',
      'server/src/modules/patients/account-deletion.test.ts',
      'server/src/modules/disputes/disputes.test.ts',
      'server/src/http/idempotency.test.ts',
      'server/src/http/bad-input.test.ts',
      // The routes' options (tag, summary, schemas) are what the API description is made of.
      OPENAPI,
      PROPERTY,
    ],
  },
  earnings: {
    mutate: ['server/src/modules/earnings/**/*.ts'],
    tests: [
      'server/src/modules/earnings/*.test.ts',
      'server/src/modules/admin/admin.test.ts',
      'server/src/modules/payments/payments.test.ts',
      OPENAPI,
      PROPERTY,
    ],
  },
  appointments: {
    mutate: ['server/src/modules/appointments/commands.ts'],
    tests: [
      'server/src/modules/appointments/commands.test.ts',
      'server/src/modules/appointments/state-events.test.ts',
      'server/src/modules/appointments/appointments.test.ts',
      'server/src/modules/appointments/reschedule.test.ts',
      'server/src/modules/appointments/release.test.ts',
      // The room completes a visit; the doctor marks one done or a no-show.
      'server/src/modules/consultations/abandoned.test.ts',
      'server/src/modules/disputes/disputes.test.ts',
      'server/src/modules/earnings/ledger.test.ts',
      PROPERTY,
    ],
  },
};

export function pickedModules() {
  const names = (process.env.MUTATION_MODULES ?? Object.keys(MUTATION_MODULES).join(','))
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  for (const name of names)
    if (!(name in MUTATION_MODULES))
      throw new Error(`MUTATION_MODULES: unknown module ${name} (${Object.keys(MUTATION_MODULES).join(', ')})`);
  return names.map((name) => MUTATION_MODULES[name]);
}
