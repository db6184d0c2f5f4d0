/** PostgreSQL's unique_violation, as raised by both node-postgres and PGlite. */
export function isUniqueViolation(err: unknown): boolean {
  let e: unknown = err;
  // Drizzle wraps driver errors; the SQLSTATE sits on the cause.
  for (let depth = 0; e && depth < 3; depth++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
