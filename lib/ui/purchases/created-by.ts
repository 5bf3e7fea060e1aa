import type { RecordOf } from "@/lib/data-api/client";
import type { KeyType } from "@/lib/data-api/operation";
import type { CreatePurchaseBody } from "@/lib/data-api/writes";
import type { ApiRequest } from "@/lib/domain/api-query";
import type { DraftHeader } from "@/lib/domain/purchases/draft";

/**
 * An order on behalf of one of the supplier's users: POST /purchases takes `created_by_user_id`, "honored only for
 * Employee keys; other keys use the key's own user" (and the documentation's override rights: "Employee keys alone
 * may set created_by_user_id on purchase creation"). PATCH /purchases/{id} does not take it, and the purchase record
 * does not show it: it is chosen once, before the order is created.
 */

export type User = RecordOf<"listUsers">;

/** Whether a key type may order on behalf of a supplier's user (only Employee keys: the others' choice is ignored). */
export function mayOrderOnBehalf(keyType: KeyType): boolean {
  return keyType === "Employee";
}

/**
 * A supplier's active users with the Supplier role: the users an order can be made on behalf of. The API narrows by
 * SupplierIDs and Roles; Active=true, as an Employee key would otherwise also get inactive users.
 */
export function supplierUsersRequest(supplierId: number): ApiRequest<"listUsers"> {
  return {
    operation: "listUsers",
    query: { SupplierIDs: String(supplierId), Roles: "Supplier", Active: "true", PageSize: "500" },
  };
}

/**
 * The users offered for a supplier, by name: those the answer holds that belong to it, as far as each record says
 * (a User names its suppliers in SupplierIDs, its role in Role, whether it is active in UserActive; a field left out
 * is not held against the user, the request having asked for exactly these).
 *
 * @example
 * supplierUserOptions([{ UserID: 1011, FullName: "Olivia Hill", SupplierIDs: [101], Role: "Supplier" }], 101); // [{ value: 1011, label: "Olivia Hill" }]
 */
export function supplierUserOptions(
  users: readonly User[] | undefined,
  supplierId: number | undefined,
): { value: number; label: string }[] {
  if (supplierId === undefined) return [];
  const seen = new Set<number>();
  const options: { value: number; label: string }[] = [];
  for (const user of users ?? []) {
    const id = user.UserID;
    if (id == null || seen.has(id)) continue;
    if (Array.isArray(user.SupplierIDs) && !user.SupplierIDs.includes(supplierId)) continue;
    if (user.Role != null && user.Role !== "Supplier") continue;
    if (user.UserActive === false) continue;
    seen.add(id);
    const name = user.FullName?.trim() || `User ${id}`;
    options.push({ value: id, label: user.Email ? `${name} (${user.Email})` : name });
  }
  return options.sort((a, b) => a.label.localeCompare(b.label) || a.value - b.value);
}

/**
 * What a create sends for the user the order is made for: the chosen user for an Employee key, nothing otherwise
 * (nothing chosen: the key's own user, as the API does without it).
 *
 * @example
 * createdByField({ deliveryDate: "", poNum: "", createdByUserId: 1011 }, "Employee"); // { created_by_user_id: 1011 }
 * createdByField({ deliveryDate: "", poNum: "", createdByUserId: 1011 }, "Supplier"); // {}
 */
export function createdByField(header: DraftHeader, keyType: KeyType): Pick<CreatePurchaseBody, "created_by_user_id"> {
  return mayOrderOnBehalf(keyType) && header.createdByUserId !== undefined
    ? { created_by_user_id: header.createdByUserId }
    : {};
}
