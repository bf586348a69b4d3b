export type MutationModule = { mutate: string[]; tests: string[] };
export const MUTATION_MODULES: Record<string, MutationModule>;
export function pickedModules(): MutationModule[];
