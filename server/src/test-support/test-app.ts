import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { AppOptions } from '../deps';
import type { Database, Db } from '../db/client';
import { createUser, type NewUser, type UserRow } from '../db/factories';
import { users } from '../db/schema';
import { createSession, SESSION_COOKIE } from '../http/session';
import { createTestDatabase } from './test-database';

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  db: Db;
  config: Config;
  close: () => Promise<void>;
};

/** Test doubles go in through the same door as production parts: buildApp's options. */
export type TestAppOptions = Pick<
  AppOptions,
  'clock' | 'payments' | 'loginThrottle' | 'housekeepingEveryMs' | 'mailer' | 'jobs' | 'logStream' | 'documentStore'
>;

export async function createTestApp(
  env: Record<string, string> = {},
  options: TestAppOptions = {},
): Promise<TestContext> {
  const database = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false', ...env });
  // The job worker waits for the test to run it (app.jobWorker.runDue()) unless asked to start.
  const app = await buildApp({ config, database, ...options, jobs: { start: false, ...options.jobs } });
  await app.ready();
  return {
    app,
    database,
    db: database.db,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** Signs a user in by writing a session row, the way a browser would after the login form. */
export async function cookieFor(db: Db, user: Pick<UserRow, 'id'>): Promise<string> {
  return `${SESSION_COOKIE}=${await createSession(db, user.id)}`;
}

export async function signedInUser(db: Db, overrides: Partial<NewUser> & { password?: string } = {}) {
  const user = await createUser(db, overrides);
  return { user, cookie: await cookieFor(db, user) };
}

/** Signs up through the API as a person would (with a referral code, when given): their id and session cookie. */
export async function registerThroughApi(
  { app, db }: Pick<TestContext, 'app' | 'db'>,
  email: string,
  referralCode?: string,
  userType: 'patient' | 'doctor' = 'patient',
  { verified = true }: { verified?: boolean } = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: {
      email,
      password: 'a long enough password',
      firstName: 'New',
      lastName: 'Person',
      userType,
      referralCode,
    },
  });
  if (res.statusCode !== 201) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const id = res.json().user.id as string;
  // Most tests are about what a confirmed account does next; the link itself is tested in auth.
  if (verified) await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, id));
  return { id, cookie: String(res.headers['set-cookie']).split(';')[0] };
}
