export const HEALTH_TABLES: Record<string, string>;
export const EXEMPT: Record<string, string>;
export function healthReadsIn(rel: string, text: string): string[];
export function checkHealthReads(root: string): string[];
