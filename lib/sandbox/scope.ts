import type { Kysely } from "kysely";
import type { Database } from "./db/schema";
import type { KeyScope } from "./keys";

/**
 * What a key may see, as id sets: `undefined` means everything (Employee keys, or a resource the key type is not
 * limited on). Handlers intersect these with the caller's filters through `visibleIds`.
 */
export function customerScope(scope: KeyScope): number[] | undefined {
  return scope.type === "Customer" ? scope.customerIds : undefined;
}

export function supplierScope(scope: KeyScope): number[] | undefined {
  return scope.type === "Supplier" ? scope.supplierIds : undefined;
}

/** The AR accounts of a Customer key's customers; undefined for other key types. */
export async function arAccountScope(db: Kysely<Database>, scope: KeyScope): Promise<number[] | undefined> {
  if (scope.type !== "Customer") return undefined;
  if (scope.customerIds.length === 0) return [];
  const rows = await db
    .selectFrom("customers")
    .select("ar_account_id")
    .where("customer_id", "in", scope.customerIds)
    .orderBy("ar_account_id")
    .execute();
  return rows.map((r) => r.ar_account_id);
}

/** The states a Customer key's customers are in; undefined for other key types. */
export async function customerStates(db: Kysely<Database>, scope: KeyScope): Promise<string[] | undefined> {
  if (scope.type !== "Customer") return undefined;
  if (scope.customerIds.length === 0) return [];
  const rows = await db
    .selectFrom("customers")
    .select("state")
    .distinct()
    .where("customer_id", "in", scope.customerIds)
    .orderBy("state")
    .execute();
  return rows.map((r) => r.state);
}

/** Intersects a requested list of text values with the visible ones (undefined: no restriction). */
export function visibleValues(
  requested: string[] | undefined,
  allowed: readonly string[] | undefined,
): string[] | undefined {
  if (allowed === undefined) return requested;
  if (requested === undefined) return [...allowed];
  return requested.filter((v) => allowed.includes(v));
}

/** True when a filter resolved to nothing visible: the answer is an empty page. */
export function isEmpty(...filters: (readonly unknown[] | undefined)[]): boolean {
  return filters.some((f) => f !== undefined && f.length === 0);
}
