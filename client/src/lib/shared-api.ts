import { queryOptions } from '@tanstack/react-query';
import { endpoint } from './endpoint';
import { queryKeys } from './query-keys';

/**
 * Endpoints that more than one feature reads. This module sits in the shared chunk of the first
 * page load, so each schema comes with its request rather than in that chunk.
 */

const getAppConfig = endpoint('GET', '/api/config', () =>
  import('@common/schemas/meta').then((m) => m.appConfigSchema),
);
const getPaymentConfig = endpoint('GET', '/api/payments/config', () =>
  import('@common/schemas/payments').then((m) => m.paymentConfigSchema),
);
const getWallet = endpoint('GET', '/api/wallet', () => import('@common/schemas/referrals').then((m) => m.walletSchema));
export const confirmSimulatedCard = endpoint('POST', '/api/payments/simulated/confirm-card', () =>
  import('@common/schemas/payments').then((m) => m.simulatedCardReplySchema),
);

/** What this server offers: demo mode, the operator's contact, the payment mode. */
export const appConfigQuery = queryOptions({ queryKey: queryKeys.appConfig, queryFn: () => getAppConfig.send() });

export const paymentConfigQuery = queryOptions({
  queryKey: queryKeys.payments.config,
  queryFn: () => getPaymentConfig.send(),
});

/** The wallet's balance and its lines, newest first, each with the balance it left. */
export const walletQuery = queryOptions({ queryKey: queryKeys.wallet, queryFn: () => getWallet.send() });
