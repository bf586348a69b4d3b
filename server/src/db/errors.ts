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
