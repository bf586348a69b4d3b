// The domain event bus on its own (issue 38, item 6): subscribers run in the order listed,
// an event emitted by a subscriber is handled before the next subscriber of the first one, what a
// subscriber writes commits or rolls back with the command, and after-commit work runs only after a
// commit, in order, a failure in it logged and never undoing the commit.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client';
import { transfers } from '../../db/schema';
import { createTestDatabase } from '../../test-support/test-database';
import { postTransfer } from '../ledger/ledger';
import { DomainEventBus, inUnit, on, type Subscriber, type UnitServices } from './bus';
import type { DomainEvents } from './catalog';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const payload = {} as DomainEvents['payment.refunded'];
const NOW = new Date('2026-12-01T10:00:00Z');

type Logged = { fields: unknown; message: string };
function services(subscribers: Subscriber[], db?: Db): UnitServices & { errors: Logged[] } {
  const errors: Logged[] = [];
  const log = { error: (fields: unknown, message: string) => errors.push({ fields, message }) };
  return {
    db: db ?? database.db,
    payments: null as never,
    log: log as never,
    rooms: null,
    events: new DomainEventBus(subscribers),
    errors,
  };
}

/** A subscriber that writes its name to `seen` (and may do more). */
const heard = <N extends keyof DomainEvents>(seen: string[], event: N, name: string, more?: () => Promise<void>) =>
  on(event, name, async () => {
    seen.push(name);
    await more?.();
  }) as Subscriber;

class Refused extends Error {}

/** How many transfers with key `k` the database (or a transaction) sees; `post` writes one. */
const posted = async (k: string, db: Db = database.db) =>
  (await db.select().from(transfers).where(eq(transfers.key, k))).length;
const post = (k: string) => (_e: unknown, unit: { tx: Db }) =>
  postTransfer(unit.tx, {
    key: k,
    kind: 'test',
    legs: [
      { account: 'a', amount: -100 },
      { account: 'b', amount: 100 },
    ],
  }).then(() => undefined);

describe('dispatch', () => {
  it('runs the subscribers of an event in the order they are listed, and no others', async () => {
    const seen: string[] = [];
    const s = services([
      heard(seen, 'payment.refunded', 'first'),
      heard(seen, 'payment.succeeded', 'other event'),
      heard(seen, 'payment.refunded', 'second'),
      heard(seen, 'payment.refunded', 'third'),
    ]);
    expect(s.events.subscribersOf('payment.refunded')).toEqual(['first', 'second', 'third']);
    expect(s.events.subscribersOf('report.paid')).toEqual([]);
    await inUnit(s, NOW, (unit) => unit.emit('payment.refunded', payload));
    expect(seen).toEqual(['first', 'second', 'third']);
  });

  it('an event with no subscribers is no error', async () => {
    await expect(inUnit(services([]), NOW, (unit) => unit.emit('report.paid', {} as never))).resolves.toBeUndefined();
  });

  it('a nested emit is handled completely before the next subscriber of the outer event', async () => {
    const seen: string[] = [];
    const s = services([
      on('payment.refund_started', 'outer 1', async (_e, unit) => {
        seen.push('outer 1');
        await unit.emit('payment.refunded', payload);
        seen.push('outer 1 after');
      }) as Subscriber,
      heard(seen, 'payment.refund_started', 'outer 2'),
      heard(seen, 'payment.refunded', 'inner 1'),
      heard(seen, 'payment.refunded', 'inner 2'),
    ]);
    await inUnit(s, NOW, (unit) => unit.emit('payment.refund_started', {} as never));
    expect(seen).toEqual(['outer 1', 'inner 1', 'inner 2', 'outer 1 after', 'outer 2']);
  });

  it('subscribers get the unit of the command: its transaction, its instant, its services', async () => {
    const got: unknown[] = [];
    const s = services([
      on('payment.refunded', 'look', async (event, unit) => {
        got.push(event, unit.now, unit.services, unit.tx);
      }) as Subscriber,
    ]);
    let tx: Db | null = null;
    await inUnit(s, NOW, async (unit) => {
      tx = unit.tx;
      await unit.emit('payment.refunded', payload);
    });
    expect(got[0]).toBe(payload);
    expect(got[1]).toBe(NOW);
    expect(got[2]).toBe(s);
    expect(got[3]).toBe(tx);
    expect(tx).not.toBe(database.db);
  });
});

describe('one transaction', () => {
  it('what subscribers write commits with the command, and the result is the work’s', async () => {
    const k = `bus:${randomUUID()}`;
    const s = services([on('payment.refunded', 'write', post(k)) as Subscriber]);
    const result = await inUnit(s, NOW, async (unit) => {
      await unit.emit('payment.refunded', payload);
      return 'done';
    });
    expect(result).toBe('done');
    expect(await posted(k)).toBe(1);
  });

  it('a later subscriber failing rolls back what an earlier one wrote, and no after-commit work runs', async () => {
    const k = `bus:${randomUUID()}`;
    const ran: string[] = [];
    const s = services([
      on('payment.refunded', 'write', async (e, unit) => {
        await post(k)(e, unit);
        unit.afterCommit(async () => {
          ran.push('after commit');
        });
      }) as Subscriber,
      on('payment.refunded', 'refuse', async () => {
        throw new Refused();
      }) as Subscriber,
    ]);
    await expect(inUnit(s, NOW, (unit) => unit.emit('payment.refunded', payload))).rejects.toBeInstanceOf(Refused);
    expect(await posted(k)).toBe(0);
    expect(ran).toEqual([]);
  });
});

describe('after commit', () => {
  it('runs after the transaction committed, in the order asked, not when asked', async () => {
    const k = `bus:${randomUUID()}`;
    const seen: string[] = [];
    const committed = async () => (await database.db.select().from(transfers).where(eq(transfers.key, k))).length;
    const s = services([]);
    await inUnit(s, NOW, async (unit) => {
      unit.afterCommit(async () => {
        seen.push(`first saw ${await committed()}`);
      });
      unit.afterCommit(async () => {
        seen.push('second');
      });
      seen.push('work');
      await postTransfer(unit.tx, {
        key: k,
        kind: 'test',
        legs: [
          { account: 'a', amount: -1 },
          { account: 'b', amount: 1 },
        ],
      });
    });
    expect(seen).toEqual(['work', 'first saw 1', 'second']);
  });

  it('a failure after commit is logged, keeps the commit and the result, and the next steps still run', async () => {
    const k = `bus:${randomUUID()}`;
    const seen: string[] = [];
    const s = services([]);
    const failure = new Error('the processor is down');
    const result = await inUnit(s, NOW, async (unit) => {
      await postTransfer(unit.tx, {
        key: k,
        kind: 'test',
        legs: [
          { account: 'a', amount: -1 },
          { account: 'b', amount: 1 },
        ],
      });
      unit.afterCommit(async () => {
        throw failure;
      });
      unit.afterCommit(async () => {
        seen.push('next step');
      });
      return 42;
    });
    expect(result).toBe(42);
    expect(seen).toEqual(['next step']);
    expect(s.errors).toHaveLength(1);
    expect(s.errors[0].fields).toMatchObject({ err: failure, category: 'domain' });
    expect((await database.db.select().from(transfers).where(eq(transfers.key, k))).length).toBe(1);
  });
});

describe('before commit', () => {
  it('runs after the rest of the work, in the order asked (a step may ask for more), inside the transaction', async () => {
    const k = `bus:${randomUUID()}`;
    const seen: string[] = [];
    const s = services([
      on('payment.succeeded', 'last', async (_e, unit) => {
        seen.push('subscriber');
        unit.beforeCommit(async () => {
          seen.push('first step');
          unit.beforeCommit(async () => {
            seen.push('added by a step');
          });
        });
        unit.beforeCommit(async () => {
          seen.push(`second step, posted ${await posted(k, unit.tx)}`);
        });
      }) as Subscriber,
      heard(seen, 'payment.succeeded', 'next subscriber'),
    ]);
    await inUnit(s, NOW, async (unit) => {
      await unit.emit('payment.succeeded', {} as never);
      await post(k)(payload, unit);
      seen.push('rest of the work');
    });
    expect(seen).toEqual([
      'subscriber',
      'next subscriber',
      'rest of the work',
      'first step',
      'second step, posted 1',
      'added by a step',
    ]);
    expect(await posted(k)).toBe(1);
  });

  it('a failing step rolls the whole unit back, and no after-commit work runs', async () => {
    const k = `bus:${randomUUID()}`;
    const ran: string[] = [];
    const s = services([]);
    const unitOfWork = inUnit(s, NOW, async (unit) => {
      await post(k)(payload, unit);
      unit.afterCommit(async () => {
        ran.push('after commit');
      });
      unit.beforeCommit(async () => {
        throw new Refused();
      });
    });
    await expect(unitOfWork).rejects.toBeInstanceOf(Refused);
    expect(await posted(k)).toBe(0);
    expect(ran).toEqual([]);
  });
});
