export function checkSource(fileName: string, text: string, options?: { rawRequestsAllowed?: boolean }): string[];
export function checkClientQueries(root: string): string[];
