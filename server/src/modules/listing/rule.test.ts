import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDoctor } from '../../db/factories';
import { doctors, users } from '../../db/schema';
import type { Database, Db } from '../../db/client';
import { createTestDatabase } from '../../test-support/test-database';
import {
  bookableDoctor,
  doctorWithListing,
  isListed,
  LISTED_DOCTOR_RAW,
  listedDoctorRawSql,
  listedDoctorSql,
  listedWhere,
} from './rule';

// The rule needs a database, not the app.
let database: Database;
let t: { db: Db };
beforeAll(async () => {
  database = await createTestDatabase();
  t = { db: database.db };
});
afterAll(() => database.close());

const booleans = [false, true] as const;
/** Every combination of the three facts the rule reads, one doctor each. */
const combinations = booleans.flatMap((isVerified) =>
  booleans.flatMap((isActive) => booleans.map((accountActive) => ({ isVerified, isActive, accountActive }))),
);

describe('the listing rule, in SQL and in TypeScript', () => {
  let ids: string[];
  let facts: { id: string; isVerified: boolean; isActive: boolean; accountActive: boolean }[];

  beforeAll(async () => {
    const country = `Ruleland ${randomUUID().slice(0, 8)}`;
    ids = [];
    for (const c of combinations) {
      const { doctor } = await createDoctor(t.db, {
        doctor: { country, isVerified: c.isVerified, isActive: c.isActive },
        user: { isActive: c.accountActive },
      });
      ids.push(doctor.id);
    }
    // The facts as the database holds them, read back rather than assumed from the inputs.
    facts = await t.db
      .select({
        id: doctors.id,
        isVerified: doctors.isVerified,
        isActive: doctors.isActive,
        accountActive: users.isActive,
      })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(inArray(doctors.id, ids));
  });

  const listedInTs = () =>
    facts
      .filter((f) => isListed({ doctor: f, account: { isActive: f.accountActive } }))
      .map((f) => f.id)
      .sort();

  it('covers all eight combinations, of which exactly one is listed', () => {
    expect(facts).toHaveLength(8);
    const seen = new Set(facts.map((f) => `${f.isVerified}${f.isActive}${f.accountActive}`));
    expect(seen.size).toBe(8);
    expect(listedInTs()).toHaveLength(1);
  });

  it('listedDoctorSql() selects exactly the rows isListed accepts', async () => {
    const rows = await t.db
      .select({ id: doctors.id })
      .from(doctors)
      .innerJoin(users, eq(users.id, doctors.userId))
      .where(listedWhere(inArray(doctors.id, ids)));
    expect(rows.map((r) => r.id).sort()).toEqual(listedInTs());
  });

  it('LISTED_DOCTOR_RAW selects exactly the rows isListed accepts', async () => {
    const query = (where: ReturnType<typeof sql.raw>) =>
      t.db.execute<{ id: string }>(sql`
        select d.id from doctors d join users u on u.id = d.user_id
        where ${where} and d.id = any(${`{${ids.join(',')}}`}::uuid[])`);
    for (const where of [sql.raw(LISTED_DOCTOR_RAW), listedDoctorRawSql()]) {
      const result = await query(where);
      const rows = (result as unknown as { rows: { id: string }[] }).rows;
      expect(rows.map((r) => r.id).sort()).toEqual(listedInTs());
    }
  });

  it('doctorWithListing and bookableDoctor agree with isListed on every row', async () => {
    for (const f of facts) {
      const listed = isListed({ doctor: f, account: { isActive: f.accountActive } });
      expect((await doctorWithListing(t.db, f.id))?.listed, JSON.stringify(f)).toBe(listed);
      if (listed) expect((await bookableDoctor(t.db, f.id)).id).toBe(f.id);
      else await expect(bookableDoctor(t.db, f.id)).rejects.toMatchObject({ code: 'bad_request' });
    }
    expect(await doctorWithListing(t.db, randomUUID())).toBeUndefined();
    await expect(bookableDoctor(t.db, randomUUID())).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe("the search indexes' predicate", () => {
  /** `a and b and c` or `(a AND b)` → the conjuncts, unquoted, lower case, without table names. */
  const conjuncts = (text: string) =>
    text
      .replace(/[()"]/g, '')
      .split(/\s+and\s+/i)
      .map((part) => part.trim().toLowerCase());

  it('is the doctors half of listedDoctorSql(), which has no parameters', async () => {
    const result = await t.db.execute<{ name: string; predicate: string }>(sql`
      select i.indexrelid::regclass::text as name, pg_get_expr(i.indpred, i.indrelid) as predicate
      from pg_index i where i.indrelid = 'doctors'::regclass and i.indpred is not null`);
    const partial = (result as unknown as { rows: { name: string; predicate: string }[] }).rows;
    expect(partial.length).toBeGreaterThanOrEqual(17);

    // The planner uses a partial index only when it can prove the where clause implies the
    // index's predicate; written as the bare columns (no parameters) that holds in generic plans
    // too, such as the named doctor_cards statement's.
    const rendered = new PgDialect().sqlToQuery(listedDoctorSql());
    expect(rendered.params).toEqual([]);
    const ours = conjuncts(rendered.sql);
    expect(ours).toEqual(['doctors.is_verified', 'doctors.is_active', 'users.is_active']);
    const onDoctors = ours.filter((c) => c.startsWith('doctors.')).map((c) => c.slice('doctors.'.length));
    const raw = conjuncts(LISTED_DOCTOR_RAW);
    expect(raw.filter((c) => c.startsWith('d.')).map((c) => c.slice(2))).toEqual(onDoctors);
    expect(raw.filter((c) => c.startsWith('u.')).map((c) => c.slice(2))).toEqual(
      ours.filter((c) => c.startsWith('users.')).map((c) => c.slice('users.'.length)),
    );
    for (const { name, predicate } of partial) expect(conjuncts(predicate), name).toEqual(onDoctors);
  });

  it('is matched by the planner for a query over listedDoctorSql()', async () => {
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql`
        explain select ${doctors.id} from ${doctors} join ${users} on ${users.id} = ${doctors.userId}
        where ${listedDoctorSql()} order by ${doctors.consultationFee}, ${doctors.id} limit 1`);
      return (result as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toMatch(/doctors_search_\w+_idx/);
  });
});
