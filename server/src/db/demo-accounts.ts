import { inArray } from 'drizzle-orm';
import { DEMO_ACCOUNTS } from '@common/schemas/meta';
import type { Db } from './client';
import { users } from './schema';

/**
 * The demo accounts found in the database. Their password is published, so a production server
 * holding any of them would let anyone in; production refuses to start until they are removed.
 */
export async function demoAccountsPresent(db: Db): Promise<string[]> {
  const emails = DEMO_ACCOUNTS.map((account) => account.email);
  const rows = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
  return rows.map((row) => row.email).sort();
}
