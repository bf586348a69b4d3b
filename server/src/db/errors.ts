/** Drizzle wraps driver errors; the SQLSTATE sits on the error or its cause. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown, constraint?: string) =>
  sqlState(error) === '23505' &&
  (!constraint ||
    JSON.stringify(error, Object.getOwnPropertyNames(error as object)).includes(constraint) ||
    String((error as { cause?: { constraint?: string } }).cause?.constraint) === constraint);

/**
 * What may be logged of a database error: its SQLSTATE and message. Drivers attach the statement
 * and its parameters (a password hash, a reason for visit) to the error; those never reach a log.
 */
export function describeDbError(error: unknown): { code?: string; message: string } {
  const code = sqlState(error);
  let current: unknown = error;
  // Drizzle's own message repeats the query and its parameters; the driver's cause does not.
  for (let depth = 0; current && depth < 4; depth++) {
    const cause = (current as { cause?: unknown }).cause;
    if (!cause || !carriesQuery(current)) break;
    current = cause;
  }
  if (carriesQuery(current)) return { code, message: 'query failed' };
  const message = current instanceof Error ? current.message : String(current);
  return { code, message: message.slice(0, 300) };
}

const carriesQuery = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  ('params' in error || 'query' in error || /^Failed query/.test(String((error as Error).message)));

/** The database refused a state change its move table does not list (migration 0050): a bug, never the user's input. */
export function isIllegalMove(error: unknown): boolean {
  if (sqlState(error) !== '23514') return false;
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    if (/^illegal move of /.test(String((current as { message?: unknown }).message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
