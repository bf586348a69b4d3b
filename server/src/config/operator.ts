import type { Config } from '../config';

/** Who runs this Medora: the seller on receipts and the contact in the privacy policy. */
export type OperatorDetails = { legalName: string; address: string; email: string; phone: string };

const NOT_CONFIGURED = 'Not configured (set OPERATOR_NAME, OPERATOR_ADDRESS, OPERATOR_EMAIL, OPERATOR_PHONE)';

/**
 * The operator's legal details from the environment (OPERATOR_NAME, OPERATOR_ADDRESS,
 * OPERATOR_EMAIL, OPERATOR_PHONE). A demo server is run by nobody real, so it says "Demo operator"
 * rather than invent a company. Minimal version from the receipts branch; the operator-config work
 * (h27-finish) owns this file's rules for production.
 */
export function operatorDetails(
  config: Pick<Config, 'demoMode'>,
  env: NodeJS.ProcessEnv = process.env,
): OperatorDetails {
  if (config.demoMode) {
    return {
      legalName: 'Demo operator',
      address: 'Demo address (this is a demonstration server)',
      // No invented contact: lines left empty are not printed.
      email: env.OPERATOR_EMAIL ?? '',
      phone: env.OPERATOR_PHONE ?? '',
    };
  }
  return {
    legalName: env.OPERATOR_NAME ?? NOT_CONFIGURED,
    address: env.OPERATOR_ADDRESS ?? NOT_CONFIGURED,
    email: env.OPERATOR_EMAIL ?? '',
    phone: env.OPERATOR_PHONE ?? '',
  };
}
