// One test per move table: the database accepts every move the table lists, from each of its
// starting states, and refuses every other move between two of its states. The rows are put in the starting state with
// the guard off (as the migration's owner may), so every listed move is tried from where it starts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './db/client';
import { isIllegalMove } from './db/errors';
import { movePairs, stateText, type StateMachine } from './modules/platform/state-machine';
import { STATE_MACHINES } from './state-machines';
import { stateRows } from './test-support/state-rows';
import { createTestDatabase } from './test-support/test-database';

let database: Database;
let rows: Awaited<ReturnType<typeof stateRows>>;
beforeAll(async () => {
  database = await createTestDatabase();
  rows = await stateRows(database.db);
});
afterAll(() => database.close());

class RolledBack extends Error {}

/** Puts the row in `from` unguarded, then tries `from → to` guarded; nothing is kept. */
async function tryMove(machine: StateMachine, from: string, to: string): Promise<unknown> {
  const table = sql.identifier(machine.table);
  const column = sql.identifier(machine.column);
  const keyedByAppointment = machine.table === 'consultations' || machine.table === 'outcome_holds';
  const key = sql.identifier(keyedByAppointment ? 'appointment_id' : 'id');
  const id = rows[machine.table as keyof typeof rows];
  try {
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update ${table} set ${column} = ${from} where ${key} = ${id}`);
      await tx.execute(sql`set local session_replication_role = origin`);
      await tx.execute(sql`update ${table} set ${column} = ${to} where ${key} = ${id}`);
      throw new RolledBack();
    });
  } catch (error) {
    return error instanceof RolledBack ? null : error;
  }
  return null;
}

it('every guarded table has a row to try', () => {
  for (const machine of STATE_MACHINES) expect(rows, machine.table).toHaveProperty(machine.table);
});

for (const machine of STATE_MACHINES) {
  describe(`${machine.table}.${machine.column}`, () => {
    const listed = movePairs(machine);
    const states = machine.states.map(stateText);

    it('lists moves only between the column’s states', () => {
      for (const [from, to] of listed) expect(states, `${from} → ${to}`).toEqual(expect.arrayContaining([from, to]));
    });

    it('the database accepts every listed move', async () => {
      for (const [from, to] of listed) expect(await tryMove(machine, from, to), `${from} → ${to}`).toBeNull();
    });

    it('the database refuses every move the table does not list', async () => {
      const unlisted = states.flatMap((from) =>
        states.filter((to) => to !== from && !listed.some(([f, t]) => f === from && t === to)).map((to) => [from, to]),
      );
      if (unlisted.length === 0) {
        // A two-valued flag both of whose moves are commands: nothing to refuse but other values.
        expect(states).toHaveLength(2);
        return;
      }
      for (const [from, to] of unlisted) {
        const error = await tryMove(machine, from, to);
        expect(isIllegalMove(error), `${from} → ${to}: ${String(error)}`).toBe(true);
      }
    });
  });
}
