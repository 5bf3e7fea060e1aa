import "server-only";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import type { OrderListsJson } from "@/lib/domain/order-guide/order-list";
import type { Mailer } from "../core/auth/mailer";
import type { BackroomDatabase } from "../core/db/schema";
import type { Environment } from "../core/session/types";
import { createOrderListStore } from "./order-lists-store";

/** What the lists are read with: the database, whether mail goes, and the clock a list's status is read at. */
export interface OrderListsReadDeps {
  db: Kysely<BackroomDatabase>;
  mailer: Pick<Mailer, "delivers">;
  now?: () => number;
}

/**
 * The workspace's reorder lists in the key's environment, newest first (with their lines), its contact address and
 * whether mail goes: what the Reorder lists page shows and `GET /api/order-guide/lists` answers.
 *
 * @example
 * const { lists, contact } = await loadOrderLists({ workspace: { id: workspaceId }, key: active }, await backend());
 */
export async function loadOrderLists(
  actor: { workspace: { id: string }; visitor?: string; key: { environment: Environment } },
  deps: OrderListsReadDeps,
): Promise<OrderListsJson> {
  const store = createOrderListStore(deps.db, () => new Date(deps.now?.() ?? Date.now()));
  const [lists, contact] = await Promise.all([
    store.list({ workspaceId: recordOwner(actor), environment: actor.key.environment }),
    store.contact(actor.workspace.id),
  ]);
  return { lists, contact: contact ?? null, mailDelivers: deps.mailer.delivers };
}
