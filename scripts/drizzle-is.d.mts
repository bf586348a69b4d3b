export function fastIsSource(source: string): string;
export const drizzleIsPlugin: { name: string; setup(build: unknown): void };
