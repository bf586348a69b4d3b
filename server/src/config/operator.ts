import { z } from 'zod';
import { demoModeOf } from './demo-mode';

/**
 * Who runs this Medora: the legal entity named in the privacy policy and on receipts. Strings are
 * empty when not configured; nothing here is ever a template placeholder (decision 052).
 */
export type OperatorDetails = { legalName: string; address: string; email: string; phone: string };

/** A demonstration server has no real operator, and says so instead of inventing one. */
export const DEMO_OPERATOR_NAME = 'Demo operator';

/** The variables an operator sets, with the field each fills. */
export const OPERATOR_VARIABLES = {
  OPERATOR_NAME: 'legalName',
  OPERATOR_ADDRESS: 'address',
  OPERATOR_EMAIL: 'email',
  OPERATOR_PHONE: 'phone',
} as const satisfies Record<string, keyof OperatorDetails>;

// Printable text only: these values end up in HTML, PDFs and e-mail headers' neighbourhood.
const printable = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `must be at most ${max} characters`)
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), 'must not contain control characters');

const operatorEnvSchema = z.object({
  OPERATOR_NAME: printable(200).default(''),
  // Lines separated by ";" (an environment variable holds one line): "Medora Health Ltd; 1 Main St; Dublin".
  OPERATOR_ADDRESS: printable(400).default(''),
  OPERATOR_EMAIL: z
    .string()
    .trim()
    .default('')
    .refine(
      (v) => v === '' || z.email().safeParse(v).success,
      'must be an e-mail address such as privacy@medora.example',
    ),
  OPERATOR_PHONE: z
    .string()
    .trim()
    .default('')
    .refine((v) => v === '' || /^\+?[0-9][0-9 ()./-]{4,29}$/.test(v), 'must be a phone number such as +353 1 234 5678'),
});

/** The problems with the OPERATOR_* variables, one line each ("OPERATOR_EMAIL: must be …"). */
export function operatorProblems(env: NodeJS.ProcessEnv): string[] {
  const parsed = operatorEnvSchema.safeParse(env);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

/**
 * The operator as configured. In demo mode an unset name reads "Demo operator" (decision 052);
 * an invalid value throws (loadConfig reports it before the server listens).
 */
export function operatorDetails(env: NodeJS.ProcessEnv = process.env, demoMode = demoModeOf(env)): OperatorDetails {
  const e = operatorEnvSchema.parse(env);
  const address = e.OPERATOR_ADDRESS.split(';')
    .map((line) => line.trim())
    .filter(Boolean)
    .join('\n');
  return {
    legalName: e.OPERATOR_NAME || (demoMode ? DEMO_OPERATOR_NAME : ''),
    address,
    email: e.OPERATOR_EMAIL,
    phone: e.OPERATOR_PHONE,
  };
}

/** The variables a production server should have and has not (main.ts warns about each at start). */
export function missingOperatorVariables(operator: OperatorDetails): string[] {
  return Object.entries(OPERATOR_VARIABLES)
    .filter(([, field]) => !operator[field])
    .map(([name]) => name);
}
