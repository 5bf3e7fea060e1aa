/**
 * The "Requested by" of the payments page's applications: the Backroom person who sent a request from
 * Backroom (the audit trail knows: `GET /api/activity/requesters`), else the ERP user the API names, linked to their page
 * only when the key can read that user (the names' list answered them: a Customer key sees only its own Customer users,
 * and the ERP's clerks who apply allocations are not among them). A cell waits, rather than show one name and then
 * another, until what decides it has answered: no "This key's user" that turns into a person after a send.
 */

/** An answer of names by id, and the ids it answered for (an id among them but not named has none). */
export interface NameLookup<T> {
  names: ReadonlyMap<number, T>;
  covered: ReadonlySet<number>;
}

/** A lookup that has answered nothing yet. */
export const NOT_YET: NameLookup<never> = { names: new Map<number, never>(), covered: new Set<number>() };

export type RequestedBy =
  /** Not known yet: its lookup has not answered. */
  | { kind: "pending" }
  /** The application names nobody. */
  | { kind: "missing" }
  /** Sent from Backroom by a member (null: a former member, their account gone since). */
  | { kind: "backroom"; name: string | null }
  /** An ERP user: named (and linked) when the key can read them, else by id alone. */
  | { kind: "erp"; userId: number; name: string | undefined };

interface Application {
  RequestID?: number | null;
  RequestedByUserID?: number | null;
}

/** Whether Backroom has said if it sent the application (an allocation made in the ERP has no RequestID: it did not). */
function decided(row: Application, sent: NameLookup<string | null>): boolean {
  return row.RequestID == null || sent.covered.has(row.RequestID) || sent.names.has(row.RequestID);
}

/**
 * Who requested an application, as far as the lookups have answered.
 *
 * @example
 * requestedBy({ RequestID: 5001, RequestedByUserID: 9 }, { names: new Map([[5001, "Ana Ruiz"]]), covered: new Set([5001]) }, NOT_YET);
 * // { kind: "backroom", name: "Ana Ruiz" }
 */
export function requestedBy(row: Application, sent: NameLookup<string | null>, users: NameLookup<string>): RequestedBy {
  if (row.RequestID != null && sent.names.has(row.RequestID))
    return { kind: "backroom", name: sent.names.get(row.RequestID) ?? null };
  if (!decided(row, sent)) return { kind: "pending" };
  if (row.RequestedByUserID == null) return { kind: "missing" };
  const userId = row.RequestedByUserID;
  if (users.names.has(userId)) return { kind: "erp", userId, name: users.names.get(userId) };
  return users.covered.has(userId) ? { kind: "erp", userId, name: undefined } : { kind: "pending" };
}

/**
 * The ERP users to ask the API's names of: those of the applications Backroom has said it did not send. A request it
 * has not answered for yet (one just sent) is left out until it has: so the set, and the one request that names them,
 * changes only when a new ERP user appears, not with each send. Sorted, for a stable request.
 *
 * @example
 * usersToName(rows, { names: new Map([[5001, "Ana Ruiz"]]), covered: new Set([5001, 5002]) }); // [4021, 4533]
 */
export function usersToName(rows: readonly Application[], sent: NameLookup<string | null>): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    if (
      row.RequestedByUserID == null ||
      !decided(row, sent) ||
      (row.RequestID != null && sent.names.has(row.RequestID))
    )
      continue;
    ids.add(row.RequestedByUserID);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The ERP users to ask again among the inactive ones: those the names' list did not name. `/users` lists active users
 * only unless asked otherwise (documented for Customer and Supplier keys; the live service does so for every key, the
 * field notes say), and a clerk or a buyer who has since left is still who requested it ("ERP user 1002" beside
 * "applied by Camila Martinez"). An Employee key reads every user: all it did not name are asked again. A store's or a
 * brand's key reads only its own users, so only those who requested through the API (a RequestID) are: the ERP's own
 * allocations are its clerks, whom such a key never reads. Sorted, for a stable request.
 *
 * @example
 * inactiveToName(rows, sent, { names: new Map([[9, "Jo Buyer"]]), covered: new Set([9, 12, 4021]) }, "Customer"); // [12]
 * inactiveToName(rows, sent, { names: new Map([[9, "Jo Buyer"]]), covered: new Set([9, 12, 4021]) }, "Employee"); // [12, 4021]
 */
export function inactiveToName(
  rows: readonly Application[],
  sent: NameLookup<string | null>,
  users: NameLookup<string>,
  keyType: "Employee" | "Customer" | "Supplier",
): number[] {
  const ids = new Set<number>();
  for (const row of rows) {
    const id = row.RequestedByUserID;
    if (id == null || !decided(row, sent) || (row.RequestID != null && sent.names.has(row.RequestID))) continue;
    if (row.RequestID == null && keyType !== "Employee") continue;
    if (users.covered.has(id) && !users.names.has(id)) ids.add(id);
  }
  return [...ids].sort((a, b) => a - b);
}

/**
 * The names' lookup with the inactive users' answer in it: those asked again wait for it (a cell names no one by id
 * and then by name), and are named by id alone when it cannot be read (`undefined` answer, `failed`).
 *
 * @example
 * withInactive(first, [12], new Map([[12, "Ana Left"]])).names.get(12); // "Ana Left"
 */
export function withInactive(
  first: NameLookup<string>,
  again: readonly number[],
  answer: ReadonlyMap<number, string> | "failed" | undefined,
): NameLookup<string> {
  if (again.length === 0 || answer === "failed") return first;
  if (answer === undefined)
    return { names: first.names, covered: new Set([...first.covered].filter((id) => !again.includes(id))) };
  return { names: new Map([...first.names, ...answer]), covered: first.covered };
}
