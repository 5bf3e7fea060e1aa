import "server-only";
import type { AuditReference } from "@/lib/audit/audit-types";

/**
 * A JSON column read back; a damaged one reads as empty rather than failing the whole list.
 *
 * @example
 * parseReference('{"poNum":"PO-1"}'); // { poNum: "PO-1" }
 * parseReference("not json"); // {}
 */
export function parseReference(text: string): AuditReference {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as AuditReference) : {};
  } catch {
    return {};
  }
}

/**
 * A LIKE pattern matching `text` anywhere, its wildcards escaped with `!` (`... like ? escape '!'`, SQLite and
 * PostgreSQL alike).
 *
 * @example
 * containing("50%_off"); // "%50!%!_off%"
 */
export const containing = (text: string) => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;
