import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test-support/test-database';
import type { Database } from './client';
import { demoAccountsPresent } from './demo-accounts';
import { createUser } from './factories';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe('demo accounts check', () => {
  it('finds none in a database without them, and names each one present', async () => {
    await createUser(database.db, { email: 'someone@clinic.example' });
    expect(await demoAccountsPresent(database.db)).toEqual([]);
    await createUser(database.db, { email: 'admin@example.com', userType: 'admin' });
    await createUser(database.db, { email: 'patient@example.com' });
    expect(await demoAccountsPresent(database.db)).toEqual(['admin@example.com', 'patient@example.com']);
  });
});
