export function serverTestFiles(): { database: string[]; other: string[] };
