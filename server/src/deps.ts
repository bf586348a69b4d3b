import type { Config } from './config';
import type { Clock } from './core/clock';
import type { Database, Db } from './db/client';
import type { SignInThrottle } from './http/login-throttle';
import type { Metrics } from './http/metrics';
import type { DirectorySearch } from './modules/doctors/directory-search';
import type { DocumentStore } from './modules/documents/store';
import type { DomainEventBus } from './modules/events/bus';
import type { WorkerOptions } from './modules/jobs/worker';
import type { Mailer } from './modules/mail/mailer';
import type { ClientMode } from './http/static-client';
import type { PaymentProvider } from './payments/provider';
import type { Realtime } from './realtime/realtime';

/**
 * Everything a route module may use, created once by buildApp and passed to every module as its
 * plugin options. Nothing here is a module-level singleton, so two apps in one process (tests,
 * the multi-instance realtime test) never share state by accident.
 */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  payments: PaymentProvider;
  realtime: Realtime;
  loginThrottle: SignInThrottle;
  /** Outgoing e-mail: SMTP when SMTP_URL is set, else the outbox table only. Jobs call it, routes do not. */
  mailer: Mailer;
  clock: Clock;
  /** This app's Prometheus registry and the counters modules feed (chat messages, jobs). */
  metrics: Metrics;
  /** Domain event dispatch to the subscribers of server/src/domain-subscribers.ts. */
  events: DomainEventBus;
  /** Doctor search: one engine per app, patched from the directory change feed (decision 042). */
  directory: DirectorySearch;
  /** Where documents' bytes live: the database, or a bucket when DOCUMENT_STORE_URL is set. */
  documentStore: DocumentStore;
};

/** What a caller of buildApp provides; anything optional gets the production default. */
export type AppOptions = {
  config: Config;
  database: Database;
  payments?: PaymentProvider;
  loginThrottle?: SignInThrottle;
  clock?: Clock;
  mailer?: Mailer;
  /** The job worker's tuning; `start: false` leaves it to the caller (tests step it with runDue). */
  jobs?: WorkerOptions & { start?: boolean };
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** How often idle sessions and ended rate-limit windows are purged (tests shorten it). */
  housekeepingEveryMs?: number;
  /** 'build' serves dist/client, 'vite' mounts Vite's dev middleware, 'none' serves only the API. */
  client?: ClientMode;
  /** The documents' store instead of the one the configuration names (tests: a local fake bucket). */
  documentStore?: DocumentStore;
};
