export function serverTestFiles(): { database: string[]; other: string[] };
export function pgliteFilesInCi(turn: number, shares?: number): string[];
export function unitTestFiles(): { dom: string[]; node: string[] };
