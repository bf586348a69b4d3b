import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { movePairs, stateText, type StateMachine } from '../modules/platform/state-machine';

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The rows of `state_transitions` for these machines: each listed move, and each state staying put. */
export function transitionRows(machines: readonly StateMachine[]) {
  return machines.flatMap((machine) => {
    const stay = machine.states.map(stateText).map((state): [string, string] => [state, state]);
    return [...stay, ...movePairs(machine)].map(([from, to]) => ({
      table: machine.table,
      column: machine.column,
      from,
      to,
    }));
  });
}

/**
 * Makes `state_transitions` say exactly what the move tables of this build say, in one
 * transaction (a concurrent UPDATE checks against the table before or after, never half of it).
 * Run after every migration run: the moves belong to the release that migrated (decision 071).
 */
export async function syncStateTransitions(db: AnyDb, machines: readonly StateMachine[]) {
  const rows = transitionRows(machines);
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from state_transitions`);
    const values = sql.join(
      rows.map((r) => sql`(${r.table}, ${r.column}, ${r.from}, ${r.to})`),
      sql`, `,
    );
    await tx.execute(
      sql`insert into state_transitions (table_name, column_name, from_value, to_value) values ${values}`,
    );
  });
}
