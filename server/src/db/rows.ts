/**
 * The rows of `db.execute(sql…)`: both drivers answer an object with `rows`, whose type drizzle
 * leaves to the driver; the row's shape is the statement's, so the caller names it.
 */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
