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

/** What the browser needs to know about this server before anything else. */
export const appConfigSchema = z.object({
  demoMode: z.boolean(),
  demoAccounts: z.array(demoAccountSchema),
});
export type AppConfig = z.infer<typeof appConfigSchema>;
