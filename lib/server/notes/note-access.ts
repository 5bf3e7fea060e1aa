import "server-only";
import { may } from "@/lib/session/roles";
import type { StoredKeyInfo } from "../core/session/types";

/**
 * Who may do what with visit notes, beside the workspace membership `defineRoute` checks: every member reads them;
 * owners, admins, accounts and purchasing write them (`notes: ["write"]` in `roles.ts`); and a retailer's key
 * (Customer) reads and writes notes on its own stores only, the customers its scope named when it was added. A Supplier
 * or Employee key may note any customer.
 */

/** What a viewer is told when they try to write. */
export const NOTES_WRITE_REFUSED = "Viewers read visit notes; owners, admins, accounts and purchasing write them.";

/** The grant that writes notes (and deletes one's own within the day): the writing routes' permission. */
export const WRITE_NOTES = { notes: ["write"] } as const;

/** Whether a member's role writes notes (and deletes their own within the day). */
export function mayWriteNotes(role: string | null | undefined): boolean {
  return may(role, WRITE_NOTES);
}

/**
 * The customers among `ids` the key may not note, or none: a Customer key's stores are its scope's customers.
 *
 * @example
 * outOfScope({ keyType: "Customer", scope: { customers: [{ id: 20001, name: "Valley" }], summary: "" } }, [20001, 20002]); // [20002]
 */
export function outOfScope(key: Pick<StoredKeyInfo, "keyType" | "scope">, ids: readonly number[]): number[] {
  if (key.keyType !== "Customer") return [];
  const own = new Set((key.scope.customers ?? []).map((c) => c.id));
  return ids.filter((id) => !own.has(id));
}
