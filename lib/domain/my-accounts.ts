import type { NavSection } from "./navigation";

/**
 * "My accounts": a member of an Employee key's workspace linked to a sales rep (`/salesReps` UserID, set on the
 * Members page) opens customers, AR aging and delivery days on that rep's customers. A view, not a limit: the key
 * reads every customer, "Everyone" is one click away, and the proxy serves any of them to the same person.
 *
 * The navigation's entries carry it (`?accounts=mine`; delivery days filter by the rep directly), so an address typed
 * or bookmarked shows what it says, and clearing the filters shows everyone rather than bouncing back.
 */
export const MINE_PARAM = "accounts";
export const MINE = "mine";

/** The pages that open on the rep's customers, with the address that does. */
export function myAccountsHref(href: string, salesRepUserId: number): string {
  if (href === "/customers" || href === "/ar-aging") return `${href}?${MINE_PARAM}=${MINE}`;
  if (href === "/delivery-days") return `${href}?rep=${salesRepUserId}`;
  return href;
}

/** The sidebar for a person linked to a rep: the three pages open on their accounts. Unchanged for anyone else. */
export function withMyAccounts(sections: NavSection[], salesRepUserId: number | null | undefined): NavSection[] {
  if (salesRepUserId == null) return sections;
  return sections.map((s) => ({
    ...s,
    entries: s.entries.map((e) => ({ ...e, href: myAccountsHref(e.href, salesRepUserId) })),
  }));
}

/**
 * The customers of one rep, as the filter `CustomerIDs` names them (sorted, so the address is the same every time),
 * from the `/salesReps` answer. Undefined when the rep is not among them (no longer active, or another key's).
 *
 * @example
 * repCustomerIds([{ UserID: 7, Customers: [{ CustomerID: 20002 }, { CustomerID: 20001 }] }], 7); // "20001,20002"
 */
export function repCustomerIds(
  reps: readonly { UserID?: number | null; Customers?: readonly { CustomerID?: number | null }[] | null }[],
  userId: number,
): string | undefined {
  const rep = reps.find((r) => r.UserID === userId);
  if (!rep) return undefined;
  const ids = [...new Set((rep.Customers ?? []).flatMap((c) => (c.CustomerID != null ? [c.CustomerID] : [])))].sort(
    (a, b) => a - b,
  );
  return ids.join(",");
}
