/**
 * True when a database error is a unique-constraint violation: SQLite's SQLITE_CONSTRAINT_UNIQUE (and the primary-key
 * variant), PostgreSQL's 23505. Writes rely on unique indexes to settle races (two creates of one po_num).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  const code = (error as { code: unknown }).code;
  return code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY" || code === "23505";
}
