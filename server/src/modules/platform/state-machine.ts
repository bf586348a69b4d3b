/**
 * A state column's moves, as its owning module writes them down (decision 071). The commands run
 * their conditional UPDATEs from these entries, and the database's `state_transitions` table is
 * filled from the same entries at every migration, so a move exists in both or in neither.
 */
export type StateValue = string | boolean;

export type MoveTable<S extends StateValue> = Readonly<
  Record<string, { readonly from: S | readonly S[]; readonly to: S }>
>;

export type StateMachine = {
  table: string;
  column: string;
  /** Every value the column may hold; the database leaves any other value to the column's CHECK. */
  states: readonly StateValue[];
  moves: MoveTable<StateValue>;
};

/** How the database compares states: text, booleans as 'true' / 'false'. */
export const stateText = (value: StateValue) => String(value);

export const fromStates = <S extends StateValue>(move: { from: S | readonly S[] }): readonly S[] =>
  Array.isArray(move.from) ? (move.from as readonly S[]) : [move.from as S];

/** Each distinct (from, to) pair the table allows, as text; staying put is not a move. */
export function movePairs(machine: StateMachine): [string, string][] {
  const seen = new Map<string, [string, string]>();
  for (const move of Object.values(machine.moves)) {
    for (const from of fromStates(move)) {
      const pair: [string, string] = [stateText(from), stateText(move.to)];
      if (pair[0] !== pair[1]) seen.set(pair.join('\u0000'), pair);
    }
  }
  return [...seen.values()];
}
