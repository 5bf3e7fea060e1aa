import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { matchEvent } from "@/lib/domain/order-guide/invoice-match";
import type { ListMatch } from "@/lib/domain/order-guide/shared-list";
import { workspaceOfOwner } from "../core/auth/demo-visitor";
import type { BackroomDatabase } from "../core/db/schema";
import type { OrderListTable, OrderListTables } from "./tables";

/**
 * The match job's reads and writes of the kept lists (`match-job.ts`): the lists still watched, and a list's changed
 * match kept whole (its version, its invoices, its history) or only the time it was checked.
 */

/** A list is watched for its invoice this many days after it was sent; its match is kept as it was after. */
export const MATCH_OPEN_DAYS = 30;
const DAY_MS = 86_400_000;
/** Between a workspace's id and a demo visitor's in a list's owner (`recordOwner`, `../core/auth/demo-visitor.ts`). */
const VISITOR_PART = "/visitor/";

export type ListRow = Pick<
  OrderListTable,
  "id" | "workspace_id" | "environment" | "customer_id" | "sent_at" | "lines_json" | "version" | "match_json"
>;

/** A list's kept match; null when none is kept (nothing invoiced yet) or it is unreadable. */
export function keptMatch(row: Pick<ListRow, "match_json">): ListMatch | null {
  if (!row.match_json) return null;
  try {
    return JSON.parse(row.match_json) as ListMatch;
  } catch {
    return null;
  }
}

/** A list still watched for its invoice: nothing kept says it is invoiced in full. */
export const isOpen = (row: Pick<ListRow, "match_json">) => keptMatch(row)?.status !== "invoiced";

export function createMatchStore(coreDb: Kysely<BackroomDatabase>, now: () => number) {
  const db = coreDb.withTables<OrderListTables>();
  return {
    /**
     * The lists sent in the last `MATCH_OPEN_DAYS` days and not withdrawn, of one workspace's owners (its own and its
     * demo visitors') or of every workspace.
     */
    async recent(workspaceId?: string): Promise<ListRow[]> {
      const rows = await db
        .selectFrom("order_lists")
        .select(["id", "workspace_id", "environment", "customer_id", "sent_at", "lines_json", "version", "match_json"])
        .where("withdrawn_at", "is", null)
        .where("sent_at", ">=", new Date(now() - MATCH_OPEN_DAYS * DAY_MS).toISOString())
        .$if(workspaceId !== undefined, (q) =>
          q.where((eb) =>
            eb.or([
              eb("workspace_id", "=", workspaceId!),
              eb("workspace_id", "like", `${workspaceId!}${VISITOR_PART}%`),
            ]),
          ),
        )
        .execute();
      return rows.filter((r) => workspaceId === undefined || workspaceOfOwner(r.workspace_id) === workspaceId);
    },

    /**
     * Keeps a list's changed match, with a new version (its ETag), its invoices (the invoice page's link back) and,
     * when its words changed, a line of its history, in one transaction; false when the list changed since it was read
     * (a side's edit: its next match reads it again).
     */
    async keep(row: ListRow, before: ListMatch | null, after: ListMatch): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("order_lists")
          .set((eb) => ({
            match_json: JSON.stringify(after),
            matched_at: after.checkedAt,
            version: eb("version", "+", 1),
          }))
          .where("id", "=", row.id)
          .where("version", "=", row.version)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await trx.deleteFrom("order_list_invoices").where("list_id", "=", row.id).execute();
        const nums = [...new Set(after.invoices.map((i) => i.invoiceNum))];
        if (nums.length)
          await trx
            .insertInto("order_list_invoices")
            .values(
              nums.map((invoice_num) => ({
                list_id: row.id,
                environment: row.environment,
                customer_id: row.customer_id,
                invoice_num,
              })),
            )
            .execute();
        const detail = matchEvent(before, after);
        if (detail)
          await trx
            .insertInto("order_list_events")
            .values({
              id: randomUUID(),
              list_id: row.id,
              version: row.version + 1,
              at: after.checkedAt,
              by_id: "backroom",
              by_name: "Backroom",
              side: "backroom",
              kind: "invoiced",
              detail,
              idempotency_key: null,
            })
            .execute();
        return true;
      });
    },

    /** Lists whose match says what was kept: only when they were checked (their version, the ETag, holds). */
    async checked(ids: readonly string[], at: string): Promise<void> {
      for (let i = 0; i < ids.length; i += 500)
        await db
          .updateTable("order_lists")
          .set({ matched_at: at })
          .where("id", "in", ids.slice(i, i + 500))
          .execute();
    },
  };
}
