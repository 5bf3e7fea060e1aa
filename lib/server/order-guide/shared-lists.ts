import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely, Updateable } from "kysely";
import type { ListEvent, ListEventKind, ListMatch } from "@/lib/domain/order-guide/shared-list";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import type { OrderListTable, OrderListTables } from "./tables";

/**
 * Reorder lists as both their sides read them: by id or by store, in a place (the environment and the demo visitor),
 * whichever workspace made them; who may see one is the party rule's (`lib/server/core/parties.ts`), asked by the
 * routes before anything is answered. A change is one transaction: the row, under the version the asker last read
 * (its `If-Match`), one version on; and its event, once per Idempotency-Key.
 */

/** Lists older than this are not listed as requests (they stay readable by id). */
export const REQUESTS_DAYS = 90;

/** What a change writes: the row's fields, the event, and the write's key. */
export interface Change {
  set: Updateable<OrderListTable>;
  event: { byId: string; byName: string; side: ListEvent["side"]; kind: ListEventKind; detail: string };
  /** The version the asker read (`If-Match`); undefined: whichever is current (a stage's own guard decides). */
  version?: number;
  idempotencyKey?: string;
  /** Only while the list stands (not withdrawn), or before it is entered in the ERP too. */
  while?: "standing" | "before-entry";
}

/** What became of a change: made; the same key made it before; or the list moved on since the asker read it. */
export type ChangeOutcome = "changed" | "repeat" | "stale";

export function createSharedLists(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db = coreDb.withTables<OrderListTables>();
  const placed = (place: SharedPlace) => {
    const q = db.selectFrom("order_lists").selectAll().where("environment", "=", place.environment);
    return place.visitor === null ? q.where("visitor", "is", null) : q.where("visitor", "=", place.visitor);
  };
  return {
    async get(place: SharedPlace, id: string): Promise<OrderListTable | undefined> {
      return placed(place).where("id", "=", id).executeTakeFirst();
    },

    /** The lists of these stores (every store's: "every"), newest first, of the last `REQUESTS_DAYS` days. */
    async ofStores(
      place: SharedPlace,
      customerIds: readonly number[] | "every",
      limit = 200,
    ): Promise<OrderListTable[]> {
      if (customerIds !== "every" && customerIds.length === 0) return [];
      const since = new Date(now().getTime() - REQUESTS_DAYS * 86_400_000).toISOString();
      let q = placed(place).where("sent_at", ">=", since);
      if (customerIds !== "every") q = q.where("customer_id", "in", [...customerIds]);
      return q.orderBy("sent_at", "desc").orderBy("id", "desc").limit(limit).execute();
    },

    async events(listId: string): Promise<ListEvent[]> {
      const rows = await db
        .selectFrom("order_list_events")
        .select(["at", "by_name", "side", "kind", "detail"])
        .where("list_id", "=", listId)
        .orderBy("version")
        .orderBy("at")
        .execute();
      return rows.map((r) => ({
        at: r.at,
        by: r.by_name,
        side: r.side as ListEvent["side"],
        kind: r.kind as ListEventKind,
        detail: r.detail,
      }));
    },

    /** Records what happened to a list outside a change of its own (its send, its withdrawal). */
    async record(id: string, event: Change["event"]): Promise<void> {
      const row = await db.selectFrom("order_lists").select("version").where("id", "=", id).executeTakeFirst();
      await db
        .insertInto("order_list_events")
        .values({
          id: randomUUID(),
          list_id: id,
          version: row?.version ?? 1,
          at: now().toISOString(),
          by_id: event.byId,
          by_name: event.byName,
          side: event.side,
          kind: event.kind,
          detail: event.detail,
          idempotency_key: null,
        })
        .execute();
    },

    /** The lists matched to an invoice of a store: the invoice page's link back. */
    async ofInvoice(place: SharedPlace, customerId: number, invoiceNum: string): Promise<OrderListTable[]> {
      const ids = await db
        .selectFrom("order_list_invoices")
        .select("list_id")
        .where("environment", "=", place.environment)
        .where("customer_id", "=", customerId)
        .where("invoice_num", "=", invoiceNum)
        .execute();
      if (!ids.length) return [];
      return placed(place)
        .where(
          "id",
          "in",
          ids.map((r) => r.list_id),
        )
        .orderBy("sent_at")
        .execute();
    },

    /**
     * Makes a change in one transaction: refused as "repeat" when the key made one on this list before, "stale" when
     * the list is no longer at `version` (or `where` no longer holds); otherwise the row one version on and its event.
     */
    async change(id: string, change: Change): Promise<ChangeOutcome> {
      return db.transaction().execute(async (trx) => {
        if (change.idempotencyKey) {
          const seen = await trx
            .selectFrom("order_list_events")
            .select("id")
            .where("list_id", "=", id)
            .where("idempotency_key", "=", change.idempotencyKey)
            .executeTakeFirst();
          if (seen) return "repeat";
        }
        let update = trx
          .updateTable("order_lists")
          .set((eb) => ({ ...change.set, version: eb("version", "+", 1) }))
          .where("id", "=", id);
        if (change.version !== undefined) update = update.where("version", "=", change.version);
        if (change.while) update = update.where("withdrawn_at", "is", null);
        if (change.while === "before-entry") update = update.where("entered_at", "is", null);
        const result = await update.executeTakeFirst();
        if (Number(result.numUpdatedRows) !== 1) return "stale";
        const { version } = await trx
          .selectFrom("order_lists")
          .select("version")
          .where("id", "=", id)
          .executeTakeFirstOrThrow();
        await trx
          .insertInto("order_list_events")
          .values({
            id: randomUUID(),
            list_id: id,
            version,
            at: now().toISOString(),
            by_id: change.event.byId,
            by_name: change.event.byName,
            side: change.event.side,
            kind: change.event.kind,
            detail: change.event.detail,
            idempotency_key: change.idempotencyKey ?? null,
          })
          .execute();
        return "changed";
      });
    },
  };
}

export type SharedLists = ReturnType<typeof createSharedLists>;

/** A list's match as kept, or null before its first. */
export const matchOf = (row: Pick<OrderListTable, "match_json">): ListMatch | null =>
  row.match_json ? (JSON.parse(row.match_json) as ListMatch) : null;
