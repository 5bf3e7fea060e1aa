/**
 * What the session knows of the active key, that pages need not ask the API again: its type, and the customers (a
 * Customer key) or suppliers (a Supplier key) it covers, by name (read once, when the key was connected). The
 * dashboard's providers hold it; the key switcher shows the same.
 */
export interface KeyScope {
  keyType: "Employee" | "Customer" | "Supplier";
  customers?: { id: number; name: string }[];
  suppliers?: { id: number; name: string }[];
  /** The person's role in the workspace (`lib/session/roles.ts`): the pages hide what it may not do. */
  role?: string;
  /** The sales rep the person is linked to (a workspace of an Employee key): "My accounts" by default. */
  salesRepUserId?: number | null;
}

/**
 * The names of every one of `ids` from a scope's list (a Customer key's customers, a Supplier key's suppliers), or
 * undefined when one is not in it (the API is asked then).
 *
 * @example
 * namesInScope(scope.customers, [20001, 20002]); // Map { 20001 => "Valley Cannabis Downtown", ... }
 */
export function namesInScope(
  scoped: { id: number; name: string }[] | undefined,
  ids: Iterable<number>,
): Map<number, string> | undefined {
  if (!scoped) return undefined;
  const byId = new Map(scoped.map((s) => [s.id, s.name]));
  const found = new Map<number, string>();
  for (const id of ids) {
    const name = byId.get(id);
    if (name === undefined) return undefined;
    found.set(id, name);
  }
  return found;
}
