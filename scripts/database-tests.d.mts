export function serverTestFiles(): { database: string[]; other: string[] };
export const PGLITE_SHARES: number;
export function pgliteFilesInCi(turn: number, shares?: number): string[];
export function unitTestFiles(): { dom: string[]; node: string[] };
