import "server-only";
import type { ListEventKind, ListMatch } from "@/lib/domain/order-guide/shared-list";
import { matchWords } from "@/lib/domain/order-guide/shared-list";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import type { ActorOf } from "../core/define-route";
import type { Notifier } from "../core/notify/notifier";
import { requestApi } from "../core/page-api";
import { readStore, repPeople, sharedPlace } from "../core/parties";
import type { OrderListDeps } from "./list-deps";
import { createSharedLists } from "./shared-lists";
import type { OrderListTables } from "./tables";

/**
 * What the reorder lists tell beyond a change of the list itself (`shared-api.ts` tells those): a list sent or
 * withdrawn, to the rep's side; what was invoiced against it, to its sender. Never in the demo: its people share one
 * inbox.
 */

type Asker = ActorOf["key"];

/**
 * Records what the store did to its own list outside a change of the list (sent it, withdrew it) and tells the rep's
 * side: the members linked to the store's rep (its record read now with the asker's key), outside the demo.
 */
export async function told(
  request: Request,
  actor: Asker,
  deps: OrderListDeps,
  list: { id: string; customerId: number; customerName: string },
  kind: Extract<ListEventKind, "sent" | "withdrawn">,
  words: string,
): Promise<void> {
  const shared = createSharedLists(deps.db, () => new Date(deps.now?.() ?? Date.now()));
  await shared.record(list.id, {
    byId: actor.person.id,
    byName: actor.person.name,
    side: actor.key.keyType === "Customer" ? "store" : "rep",
    kind,
    detail: words,
  });
  if (actor.visitor) return;
  const row = await shared.get(sharedPlace(actor), list.id);
  const store = await readStore(requestApi(request, deps), list.customerId, request.signal).catch(() => undefined);
  if (!row || !store) return;
  for (const person of await repPeople(deps.db, sharedPlace(actor), store.salesRepUserId))
    if (person.userId !== actor.person.id)
      await deps.notifier.notify({
        userId: person.userId,
        workspaceId: person.workspaceId,
        kind: "reorder-request",
        effectKey: `reorder-request:${person.userId}:${list.id}:${row.version}:${kind}`,
        title: `${list.customerName}: ${words}`,
        link: `/order-guide/lists/${list.id}`,
      });
}

/**
 * What the invoice matcher tells when a list's match changes (`createListMatcher`'s `told`): the list's sender, by
 * their settings for "reorder-update", in the list's words ("Partly invoiced: 9 of 10 lines, 1 short"); nobody in the
 * demo (its people share an inbox).
 */
export function tellInvoiced(db: OrderListDeps["db"], notifier: Notifier) {
  return async (listId: string, _before: ListMatch | null, after: ListMatch): Promise<void> => {
    const row = await db
      .withTables<OrderListTables>()
      .selectFrom("order_lists")
      .selectAll()
      .where("id", "=", listId)
      .executeTakeFirst();
    if (!row || row.visitor !== null) return;
    const invoices = after.invoices.map((i) => i.invoiceNum).join(",");
    await notifier.notify({
      userId: row.sent_by,
      workspaceId: workspaceOfOwner(row.workspace_id),
      kind: "reorder-update",
      effectKey: `reorder-update:${row.sent_by}:${row.id}:match:${after.status}:${invoices}`,
      title: `${row.customer_name}: ${matchWords(after)}`,
      link: `/order-guide/lists/${row.id}`,
    });
  };
}
