import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { fixedClock } from '../server/src/core/clock';
import { fromPool, type Database, type Db } from '../server/src/db/client';
import { migrationsApplied, runMigrations } from '../server/src/db/migrate';
import { isPaid } from '../server/src/modules/appointments/payment-status';
import { storeMessages } from '../server/src/modules/consultations/chat';
import { ensureConsultation } from '../server/src/modules/consultations/participant';
import { expectLedgerInvariant } from '../server/src/test-support/ledger-invariant';
import { installMoneyRules, moneyViolations } from '../server/src/test-support/money-invariants';
import { MoneyWorld, opArbitrary, type Op } from '../server/src/test-support/money-world';
import type { TestContext } from '../server/src/test-support/test-app';
import { admin, databaseUrl, pgTool, postgresMissing } from './postgres';

/**
 * Issue 30, point 4: a backup taken while people book, pay, cancel, refund and chat restores into
 * a fresh database whose data keeps every rule — the money rules of the property test, the
 * doctors' ledger, no confirmed appointment without its payment, every chat message in its own
 * room between its two people — and holds everything that was written before the backup began.
 * The procedure is docs/operations.md's: `pg_dump --format=custom`, then `pg_restore` into an
 * empty database. Outside CI it skips (saying why) without PostgreSQL or pg_dump; in CI it fails.
 */
const run = promisify(execFile);
const SOURCE = `medora_restore_src_${process.pid}`;
const TARGET = `medora_restore_dst_${process.pid}`;
/** Steps of the money world before the backup starts, and after it has finished. */
const STEPS_BEFORE = 150;
const STEPS_AFTER = 30;
const MINUTE = 60_000;
// Sessions are stamped with the database's (real) time while the app's clock moves weeks ahead.
const ENV = { SESSION_IDLE_DAYS: '90', SESSION_MAX_DAYS: '365', AUTH_RATE_LIMIT_PER_MINUTE: '100000' };

async function missingPiece(): Promise<string | null> {
  for (const tool of ['pg_dump', 'pg_restore'])
    if (!pgTool(tool)) return `${tool} is not installed (apt-get install postgresql-client)`;
  return postgresMissing();
}

const missing = await missingPiece();
if (missing && process.env.CI === 'true') throw new Error(`backup and restore test cannot run in CI: ${missing}`);
if (missing) console.warn(`backup and restore test skipped: ${missing}`);

const rowsOf = async <T>(db: Db, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

/** Rows that were acknowledged at a moment: every one must be in a backup started after it. */
const APPEND_ONLY = ['appointments', 'payments', 'ledger_entries', 'wallet_entries', 'chat_messages', 'earnings'];
async function idsPerTable(db: Db): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of APPEND_ONLY)
    out[table] = (await rowsOf<{ id: string }>(db, sql.raw(`select id::text as id from ${table}`))).map((r) => r.id);
  return out;
}

/** Every message in its room: the room exists and the sender is its patient or its doctor. */
const strayMessages = (db: Db) =>
  rowsOf<{ id: string }>(
    db,
    sql`select m.id::text as id from chat_messages m
      left join consultations c on c.appointment_id = m.consultation_id
      left join appointments a on a.id = c.appointment_id
      left join doctors d on d.id = a.doctor_id
      where c.appointment_id is null or m.sender_id not in (a.patient_id, d.user_id)`,
  );

/** The app's own rule for "paid" (appointments/payment-status.ts), not a copy of it. */
const confirmedUnpaid = (db: Db) =>
  rowsOf<{ id: string }>(
    db,
    sql`select a.id::text as id from appointments a where a.status = 'confirmed' and not ${isPaid(sql`a.id`)}`,
  );

describe.skipIf(missing !== null)('a backup taken under load restores with every invariant', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'medora-restore-'));
  const toClose: { close(): Promise<void> }[] = [];

  afterAll(async () => {
    for (const item of toClose.reverse()) await item.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
    if (!missing)
      await admin(`drop database if exists ${SOURCE} with (force)`, `drop database if exists ${TARGET} with (force)`);
  }, 60_000);

  it('pg_dump while people book, pay and chat; pg_restore into a fresh database', { timeout: 240_000 }, async () => {
    await admin(
      `drop database if exists ${SOURCE} with (force)`,
      `drop database if exists ${TARGET} with (force)`,
      `create database ${SOURCE}`,
      `create database ${TARGET}`,
    );
    const database = fromPool(new pg.Pool({ connectionString: databaseUrl(SOURCE), max: 10 }));
    await runMigrations(database);
    const clock = fixedClock(new Date(Date.now() - 24 * 60 * MINUTE));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DEMO_MODE: 'false', ...ENV });
    const app = await buildApp({ config, database, clock, jobs: { start: false } });
    await app.ready();
    const t: TestContext = {
      app,
      database,
      db: database.db,
      config,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
    toClose.push(t);
    await installMoneyRules(t.db);
    const world = new MoneyWorld(t, clock);
    await world.setUp();

    // The load: the money world's random steps (people booking, paying by card and wallet,
    // cancelling, refunding, rescheduling) and, beside them, chat in every open room.
    const ops: Op[] = fc.sample(opArbitrary, { numRuns: 5_000, seed: 300_004 });
    let next = 0;
    let stop = false;
    const step = async () => {
      await world.run(ops[next % ops.length]);
      next++;
    };
    let chatted = 0;
    const chat = async () => {
      while (!stop) {
        const rooms = await rowsOf<{ id: string; patient_id: string; doctor_user_id: string }>(
          t.db,
          sql`select a.id::text as id, a.patient_id::text as patient_id, d.user_id::text as doctor_user_id
            from appointments a join doctors d on d.id = a.doctor_id
            where a.status in ('confirmed', 'scheduled') and a.consultation_type in ('video', 'voice')
            order by a.created_at desc limit 5`,
        );
        for (const room of rooms) {
          await ensureConsultation(t.db, room.id);
          const results = await storeMessages(
            t.db,
            [room.patient_id, room.doctor_user_id].map((senderId) => ({
              consultationId: room.id,
              senderId,
              senderName: 'Someone',
              message: `message ${chatted}`,
              clientMessageId: randomUUID(),
            })),
            null,
          );
          chatted += results.filter((r) => r.kind === 'stored').length;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };

    for (let i = 0; i < STEPS_BEFORE; i++) await step();
    const chatter = chat();
    // Everything acknowledged up to here must be in the backup.
    const acknowledged = await idsPerTable(t.db);

    const file = path.join(dir, 'medora.dump');
    const stepsAtStart = next;
    const dump = run(pgTool('pg_dump')!, ['--format=custom', `--file=${file}`, databaseUrl(SOURCE)]);
    let dumped = false;
    void dump.then(
      () => (dumped = true),
      () => (dumped = true),
    );
    while (!dumped) await step();
    await dump;
    const stepsDuringDump = next - stepsAtStart;
    for (let i = 0; i < STEPS_AFTER; i++) await step();
    stop = true;
    await chatter;

    await run(pgTool('pg_restore')!, ['--exit-on-error', '--no-owner', `--dbname=${databaseUrl(TARGET)}`, file]);
    const restored: Database = fromPool(new pg.Pool({ connectionString: databaseUrl(TARGET), max: 2 }));
    toClose.push(restored);

    // The restored database is this release's, fully migrated: an instance would serve it as is.
    expect(await migrationsApplied(restored)).toBe(true);

    // Nothing acknowledged before the backup began is missing from it.
    for (const [table, ids] of Object.entries(acknowledged)) {
      const [{ n }] = await rowsOf<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from ${sql.identifier(table)} where id::text = any(${`{${ids.join(',')}}`}::text[])`,
      );
      expect(n, `${table}: rows acknowledged before the backup, in the restore`).toBe(ids.length);
    }
    expect(acknowledged.appointments.length).toBeGreaterThan(0);
    expect(acknowledged.ledger_entries.length).toBeGreaterThan(0);

    // The backup is one moment (pg_dump's snapshot), not a mix of before and after: every rule holds.
    await installMoneyRules(restored.db);
    expect(await moneyViolations(restored.db)).toEqual([]);
    await expectLedgerInvariant(restored.db);
    expect(await confirmedUnpaid(restored.db)).toEqual([]);
    expect(await strayMessages(restored.db)).toEqual([]);
    const [counts] = await rowsOf<{ messages: number; rooms: number }>(
      restored.db,
      sql`select (select count(*) from chat_messages)::int as messages, (select count(*) from consultations)::int as rooms`,
    );
    expect(counts.messages).toBeGreaterThan(0);

    // The load went on past the backup: the source has rows the restore does not.
    const after = await idsPerTable(t.db);
    const total = (ids: Record<string, string[]>) => Object.values(ids).reduce((sum, list) => sum + list.length, 0);
    const [{ n: restoredRows }] = await rowsOf<{ n: number }>(
      restored.db,
      sql.raw(`select (${APPEND_ONLY.map((table) => `(select count(*) from ${table})`).join(' + ')})::int as n`),
    );
    expect(total(after)).toBeGreaterThan(restoredRows);

    // The same rules on the live database at the end, so a failure above is the restore's.
    expect(await moneyViolations(t.db)).toEqual([]);
    expect(await strayMessages(t.db)).toEqual([]);
    console.log(
      `backup under load: ${next} steps (${stepsDuringDump} while pg_dump ran), ${chatted} chat messages in ` +
        `${counts.rooms} rooms; dump ${(statSync(file).size / 1024).toFixed(0)} KB; ` +
        `restored ${restoredRows} rows of ${total(after)} at the end`,
    );
  });
});
