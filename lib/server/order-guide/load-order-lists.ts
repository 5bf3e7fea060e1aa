import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import type { OrderList, OrderListsJson } from "@/lib/domain/order-guide/order-list";
import { type ListStanding, matchWords, stageOf } from "@/lib/domain/order-guide/shared-list";
import type { Mailer } from "../core/auth/mailer";
import type { BackroomDatabase } from "../core/db/schema";
import type { Environment } from "../core/session/types";
import { createOrderListStore } from "./order-lists-store";
import { matchOf } from "./shared-lists";
import type { OrderListTables } from "./tables";

/** What the lists are read with: the database, whether mail goes, and the clock a list's status is read at. */
export interface OrderListsReadDeps {
  db: Kysely<BackroomDatabase>;
  mailer: Pick<Mailer, "delivers">;
  now?: () => number;
}

/** `OrderListsJson` with where each list stands between the store and its rep. */
export interface StandingListsJson extends Omit<OrderListsJson, "lists"> {
  lists: (OrderList & ListStanding)[];
}

/**
 * The workspace's reorder lists in the key's environment, newest first (with their lines and where each stands: its
 * stage and what was invoiced), its contact address and whether mail goes: what the Reorder lists page shows and
 * `GET /api/order-guide/lists` answers.
 *
 * @example
 * const { lists, contact } = await loadOrderLists({ workspace: { id: workspaceId }, key: active }, await backend());
 */
export async function loadOrderLists(
  actor: { workspace: { id: string }; visitor?: string; key: { environment: Environment } },
  deps: OrderListsReadDeps,
): Promise<StandingListsJson> {
  const store = createOrderListStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
  const [lists, contact] = await Promise.all([
    store.list({ workspaceId: recordOwner(actor), environment: actor.key.environment }),
    store.contact(actor.workspace.id),
  ]);
  const rows = lists.length
    ? await deps.db
        .withTables<OrderListTables>()
        .selectFrom("order_lists")
        .select(["id", "acknowledged_at", "entered_at", "withdrawn_at", "match_json"])
        .where(
          "id",
          "in",
          lists.map((l) => l.id),
        )
        .execute()
    : [];
  const standing = new Map(rows.map((r) => [r.id, { stage: stageOf(r), matchWords: matchWords(matchOf(r)) }]));
  return {
    lists: lists.map((l) => ({ ...l, ...(standing.get(l.id) ?? { stage: "sent", matchWords: matchWords(null) }) })),
    contact: contact ?? null,
    mailDelivers: deps.mailer.delivers,
  };
}
