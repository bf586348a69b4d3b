import { z } from 'zod';
import { userTypeSchema } from './auth';

export const DEMO_PASSWORD = 'medora-demo';

export const demoAccountSchema = z.object({
  email: z.string(),
  password: z.string(),
  userType: userTypeSchema,
  name: z.string(),
});

export const DEMO_ACCOUNTS: z.infer<typeof demoAccountSchema>[] = [
  { email: 'patient@example.com', password: DEMO_PASSWORD, userType: 'patient', name: 'Paula Patel' },
  { email: 'doctor@example.com', password: DEMO_PASSWORD, userType: 'doctor', name: 'Dr. Daniel Okafor' },
  { email: 'admin@example.com', password: DEMO_PASSWORD, userType: 'admin', name: 'Ada Admin' },
];

/** Who runs this server, as configured (OPERATOR_*); an empty string is a detail not published. */
export const operatorSchema = z.object({
  legalName: z.string(),
  /** Lines separated by "\n". */
  address: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type Operator = z.infer<typeof operatorSchema>;

/** What the browser needs to know about this server before anything else. */
export const appConfigSchema = z.object({
  demoMode: z.boolean(),
  demoAccounts: z.array(demoAccountSchema),
  operator: operatorSchema,
});
export type AppConfig = z.infer<typeof appConfigSchema>;
