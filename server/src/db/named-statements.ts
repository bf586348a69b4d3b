import type pg from 'pg';

/**
 * Every parameterised statement becomes a named prepared statement on its connection, so PostgreSQL
 * parses and plans it once per connection rather than on every request. For the screens' joins the
 * planning is most of the work: the patient's appointment list took 4.1–4.5 ms to plan and 0.4–0.8
 * ms to run once prepared (EXPLAIN on the soak's database, decision 105). PostgreSQL itself decides
 * after five runs whether a statement keeps a plan of its own per call (plan_cache_mode=auto).
 *
 * Names are given by the statement's text, one per distinct text in the process. Statements whose
 * text grows with their input (an `in (…)` list) would make a name per length, so both counts are
 * bounded: past them a statement runs unnamed, as every statement did before.
 */
export const NAMED_STATEMENT_LIMITS = { perConnection: 200, perProcess: 2_000 };

const names = new Map<string, string>();

function nameOf(text: string): string | undefined {
  let name = names.get(text);
  if (name === undefined && names.size < NAMED_STATEMENT_LIMITS.perProcess) {
    name = `medora_${names.size + 1}`;
    names.set(text, name);
  }
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; values?: unknown; submit?: unknown };

/** Wraps one connection's `query` (the pool's 'connect' event calls this for each new connection). */
export function nameStatements(client: pg.Client): void {
  // pg's own `query`, looked up on each call rather than kept: a counter wrapped around pg's
  // prototype later (the statement-budget test) then sees connections opened before it, too.
  const proto = Object.getPrototypeOf(client) as { query: (...args: unknown[]) => unknown };
  const query = (...args: unknown[]) => proto.query.apply(client, args);
  const prepared = new Set<string>();
  client.query = ((...args: unknown[]) => {
    const [config, values] = args;
    if (typeof config !== 'object' || config === null) return query(...args);
    const { text, name, submit, values: own } = config as QueryConfig;
    const params = Array.isArray(values) ? values : own;
    // Cursors and other submittables keep their own protocol; so do statements named by the caller.
    if (typeof text !== 'string' || name !== undefined || submit !== undefined) return query(...args);
    if (!Array.isArray(params) || params.length === 0) return query(...args);
    const given = nameOf(text);
    if (!given || (!prepared.has(given) && prepared.size >= NAMED_STATEMENT_LIMITS.perConnection))
      return query(...args);
    prepared.add(given);
    return query({ ...config, name: given }, ...args.slice(1));
  }) as typeof client.query;
}
