import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { PaymentProvider } from '../../payments/provider';
import type { Bus } from '../../realtime/bus';
import { enqueuedJobsIn, gatherJobs, wakeJobWorkers } from '../jobs/queue';
import type { DomainEvents, EventName } from './catalog';

/** What a command's unit of work can reach besides its transaction. */
export type UnitServices = {
  db: Db;
  payments: PaymentProvider;
  log: FastifyBaseLogger;
  /** The consultation rooms of this instance and the bus to the others (tests may have none). */
  rooms: RoomControl | null;
  events: DomainEventBus;
};

export type RoomControl = { bus: Bus | null; closeRoom(consultationId: string): Promise<void> };

/** The services of a request, from the app's context. */
export const servicesOf = (
  ctx: { db: Db; payments: PaymentProvider; events: DomainEventBus; realtime: { hub: RoomControl } },
  log: FastifyBaseLogger,
): UnitServices => ({ db: ctx.db, payments: ctx.payments, log, rooms: ctx.realtime.hub, events: ctx.events });

/** Runs `work` as one unit of domain work with these services (see DomainEventBus.run). */
export const inUnit = <T>(services: UnitServices, now: Date, work: (unit: Unit) => Promise<T>) =>
  services.events.run(services, now, work);

/**
 * One transaction of domain work: the transaction, the instant every rule in it uses, `emit` for
 * domain events, `beforeCommit` for work that must be last inside the transaction (it takes a lock
 * everyone queues on, such as the year's receipt counter, so it holds it only to the commit), and
 * `afterCommit` for the I/O that must not run inside the transaction (asking the card processor
 * for a refund). Subscribers get the same unit, so what they do commits with the command that
 * caused it.
 */
export type Unit = {
  tx: Db;
  now: Date;
  services: UnitServices;
  emit<N extends EventName>(name: N, event: DomainEvents[N]): Promise<void>;
  beforeCommit(work: () => Promise<void>): void;
  afterCommit(work: () => Promise<void>): void;
};

export type Subscriber<N extends EventName = EventName> = {
  event: N;
  /** Who reacts, for logs and the module docs ("earnings: record the doctor's share"). */
  name: string;
  handle(event: DomainEvents[N], unit: Unit): Promise<void>;
};

/** Lets a module declare its subscribers with the payload type inferred from the event name. */
export const on = <N extends EventName>(
  event: N,
  name: string,
  handle: (event: DomainEvents[N], unit: Unit) => Promise<void>,
): Subscriber<N> => ({ event, name, handle });

/**
 * The domain's event dispatch: subscribers by event name, in the order listed. Built once by the
 * composition root from the list in server/src/domain-subscribers.ts; holds no other state.
 */
export class DomainEventBus {
  private readonly byEvent = new Map<EventName, Subscriber[]>();

  constructor(subscribers: readonly Subscriber[]) {
    for (const subscriber of subscribers) {
      const list = this.byEvent.get(subscriber.event) ?? [];
      list.push(subscriber as Subscriber);
      this.byEvent.set(subscriber.event, list);
    }
  }

  subscribersOf(name: EventName): readonly string[] {
    return (this.byEvent.get(name) ?? []).map((s) => s.name);
  }

  /**
   * Runs `work` in one transaction as a unit, then its before-commit work in order (a step may add
   * more; a failure rolls everything back); after commit, runs the unit's after-commit work in
   * order (a failure there is logged, never undoes the commit: each such step has a durable
   * retry of its own, such as the refund_retry job).
   */
  async run<T>(services: UnitServices, now: Date, work: (unit: Unit) => Promise<T>): Promise<T> {
    const later: (() => Promise<void>)[] = [];
    let unitTx: Db | undefined;
    const result = await services.db.transaction(async (tx) => {
      unitTx = tx;
      const last: (() => Promise<void>)[] = [];
      const value = await work(this.unit(tx, services, now, last, later));
      for (let step = last.shift(); step; step = last.shift()) await step();
      return value;
    });
    // One round trip, shared with any other unit's on its way; it never throws.
    if (unitTx && enqueuedJobsIn(unitTx)) await wakeJobWorkers(services.db);
    for (const step of later) {
      try {
        await step();
      } catch (err) {
        services.log.error({ err, category: 'domain' }, 'after-commit step failed; its retry job will repeat it');
      }
    }
    return result;
  }

  private unit(
    tx: Db,
    services: UnitServices,
    now: Date,
    last: (() => Promise<void>)[],
    later: (() => Promise<void>)[],
  ): Unit {
    const unit: Unit = {
      tx,
      now,
      services,
      // The jobs the subscribers of one event ask for (mails, pushes, reminders) are one insert.
      emit: (name, event) =>
        gatherJobs(tx, async () => {
          for (const subscriber of this.byEvent.get(name) ?? []) await subscriber.handle(event as never, unit);
        }),
      beforeCommit: (step) => {
        last.push(step);
      },
      afterCommit: (step) => {
        later.push(step);
      },
    };
    return unit;
  }
}
