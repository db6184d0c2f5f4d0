/**
 * The SQLSTATE of a database error, as raised by node-postgres and PGlite alike. Drizzle wraps
 * driver errors, so the code may sit on a cause.
 */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The constraint or index a database error names, as node-postgres and PGlite report it. */
export function violatedConstraint(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 3; depth++) {
    const constraint = (e as { constraint?: unknown }).constraint;
    if (typeof constraint === 'string') return constraint;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** unique_violation: a row with that key already exists. */
export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';

/**
 * Runs `write`, throwing `taken()` instead of a unique violation: when a check that the key is
 * free races with another writer, the unique index gives the same answer the check would have.
 */
export async function onUniqueViolation<T>(write: () => Promise<T>, taken: () => Error): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
}

/**
 * Data exceptions (class 22: a number out of range for its column, a NUL character in text) are
 * input the schemas let through, not a fault of the server.
 */
export const isDataException = (err: unknown) => sqlState(err)?.startsWith('22') ?? false;
