import "server-only";
import { randomUUID } from "node:crypto";
import { type Kysely, sql } from "kysely";
import {
  type ListLine,
  type ListStatus,
  type OrderList,
  SENDING_LEASE_MS,
  statusAt,
  type Withdrawal,
  type WithdrawalMail,
} from "@/lib/domain/order-guide/order-list";
import type { BackroomDatabase } from "../core/db/schema";
import type { OrderListTable, OrderListTables } from "./tables";
import type { Environment } from "../core/session/types";

/**
 * Reorder lists in Backroom's database (`order_lists`, `order_list_contacts`, migration 020). Every read names the
 * workspace and the key's environment. A list is kept once per Idempotency-Key in the workspace: the first request
 * inserts it as "sending" and mails; a repeat finds it and mails nothing. A list whose mail the server refused, or whose
 * request stopped before it was mailed ("unconfirmed", past `SENDING_LEASE_MS`), is claimed again (`claimToMail`) by
 * one request, which mails it.
 */

export interface ListScope {
  workspaceId: string;
  environment: Environment;
}

export interface NewList {
  customerId: number;
  customerName: string;
  recipient: string;
  lines: ListLine[];
  totalCases: number;
  total: string;
  priceDay: string;
  sender: { id: string; name: string; email: string };
  idempotencyKey: string;
  /** The key type it is sent with: the store's own Customer key, or staff's Employee key for the store. */
  sentWith: "Customer" | "Employee";
  /** The demo visitor it belongs to (`Actor.visitor`); none outside the demo. */
  visitor?: string;
}

/** A row as the API answers it at `now` (a "sending" row past its lease reads "unconfirmed"). */
const listOf = (row: OrderListTable, now: Date): OrderList => ({
  id: row.id,
  customerId: row.customer_id,
  customerName: row.customer_name,
  recipient: row.recipient,
  lineCount: row.line_count,
  totalCases: row.total_cases,
  total: row.total,
  priceDay: row.price_day,
  status: statusAt(row.status as ListStatus, row.sent_at, now.getTime()),
  sentBy: { id: row.sent_by, name: row.sent_by_name, email: row.sent_by_email },
  sentAt: row.sent_at,
  lines: JSON.parse(row.lines_json) as ListLine[],
  withdrawal: withdrawalOf(row, now),
  enteredAt: row.entered_at,
});

/** A row's withdrawal, or null while the list stands (a mail still "sending" past the lease reads "unconfirmed"). */
function withdrawalOf(row: OrderListTable, now: Date): Withdrawal | null {
  if (!row.withdrawn_at) return null;
  const mail = row.withdrawal_mail as WithdrawalMail;
  return {
    at: row.withdrawn_at,
    by: { id: row.withdrawn_by ?? "", name: row.withdrawn_by_name ?? "", email: row.withdrawn_by_email ?? "" },
    mail: mail === "sending" && now.getTime() - Date.parse(row.withdrawn_at) > SENDING_LEASE_MS ? "unconfirmed" : mail,
  };
}

/** Who withdraws a list, how its mail starts, and the request's Idempotency-Key. */
export interface NewWithdrawal {
  by: { id: string; name: string; email: string };
  mail: Extract<WithdrawalMail, "sending" | "mail-off" | "not-mailed">;
  idempotencyKey: string;
}

/** A list's withdrawal in the store: withdrawn once, its mail claimed again once, what became of its mail. */
function withdrawalStore(db: Kysely<OrderListTables>, now: () => Date) {
  return {
    /**
     * Withdraws a list, once: one conditional update, so of two requests at once (or a double press) one withdraws it
     * and mails the rep; false when it is not the scope's, is withdrawn already, or is being mailed this moment.
     */
    async withdraw(scope: ListScope, id: string, withdrawal: NewWithdrawal): Promise<boolean> {
      const at = now();
      const leaseEnded = new Date(at.getTime() - SENDING_LEASE_MS).toISOString();
      const result = await db
        .updateTable("order_lists")
        .set({
          withdrawn_at: at.toISOString(),
          withdrawn_by: withdrawal.by.id,
          withdrawn_by_name: withdrawal.by.name,
          withdrawn_by_email: withdrawal.by.email,
          withdrawal_mail: withdrawal.mail,
          withdrawal_key: withdrawal.idempotencyKey,
          version: sql<number>`version + 1`,
        })
        .where("id", "=", id)
        .where("workspace_id", "=", scope.workspaceId)
        .where("environment", "=", scope.environment)
        .where("withdrawn_at", "is", null)
        // The buyer withdraws a list until the rep has entered it in the ERP.
        .where("entered_at", "is", null)
        .where((eb) => eb.or([eb("status", "!=", "sending"), eb("sent_at", "<", leaseEnded)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /**
     * Takes a withdrawal to mail it again, when the mail server refused it or its request stopped before mailing it:
     * one conditional update, as `claimToMail`; "sending" again from now.
     */
    async claimWithdrawalMail(scope: ListScope, id: string): Promise<boolean> {
      const at = now();
      const leaseEnded = new Date(at.getTime() - SENDING_LEASE_MS).toISOString();
      const result = await db
        .updateTable("order_lists")
        .set({ withdrawal_mail: "sending", withdrawn_at: at.toISOString() })
        .where("id", "=", id)
        .where("workspace_id", "=", scope.workspaceId)
        .where("environment", "=", scope.environment)
        .where((eb) =>
          eb.or([
            eb("withdrawal_mail", "=", "mail-failed"),
            eb.and([eb("withdrawal_mail", "=", "sending"), eb("withdrawn_at", "<", leaseEnded)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setWithdrawalMail(id: string, mail: WithdrawalMail): Promise<void> {
      await db.updateTable("order_lists").set({ withdrawal_mail: mail }).where("id", "=", id).execute();
    },
  };
}

/**
 * @example
 * const lists = createOrderListStore(db);
 * const kept = await lists.keep({ workspaceId, environment: "test" }, list); // { created: true, list }
 */
export function createOrderListStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db = coreDb.withTables<OrderListTables>();
  const scoped = (scope: ListScope) =>
    db
      .selectFrom("order_lists")
      .selectAll()
      .where("workspace_id", "=", scope.workspaceId)
      .where("environment", "=", scope.environment);
  return {
    ...withdrawalStore(db, now),
    /** The list the key already made in the workspace, if any. */
    async byKey(scope: ListScope, idempotencyKey: string): Promise<OrderList | undefined> {
      const row = await db
        .selectFrom("order_lists")
        .selectAll()
        .where("workspace_id", "=", scope.workspaceId)
        .where("idempotency_key", "=", idempotencyKey)
        .executeTakeFirst();
      return row ? listOf(row, now()) : undefined;
    },

    /** Keeps a list as "sending", once per key: `created` false answers the list the key made first. */
    async keep(scope: ListScope, list: NewList): Promise<{ created: boolean; list: OrderList }> {
      const row: OrderListTable = {
        id: randomUUID(),
        workspace_id: scope.workspaceId,
        environment: scope.environment,
        customer_id: list.customerId,
        customer_name: list.customerName,
        recipient: list.recipient,
        lines_json: JSON.stringify(list.lines),
        line_count: list.lines.length,
        total_cases: list.totalCases,
        total: list.total,
        price_day: list.priceDay,
        status: "sending",
        sent_by: list.sender.id,
        sent_by_name: list.sender.name,
        sent_by_email: list.sender.email,
        sent_at: now().toISOString(),
        idempotency_key: list.idempotencyKey,
        withdrawn_at: null,
        withdrawn_by: null,
        withdrawn_by_name: null,
        withdrawn_by_email: null,
        withdrawal_mail: null,
        withdrawal_key: null,
        visitor: list.visitor ?? null,
        sent_with: list.sentWith,
        version: 1,
        acknowledged_at: null,
        acknowledged_by_name: null,
        entered_at: null,
        entered_by_name: null,
        erp_ref: null,
        match_json: null,
        matched_at: null,
      };
      // One statement: two requests with one key at once make one row; the second reads the first's.
      const inserted = await db
        .insertInto("order_lists")
        .values(row)
        .onConflict((oc) => oc.columns(["workspace_id", "idempotency_key"]).doNothing())
        .returning("id")
        .executeTakeFirst();
      if (inserted) return { created: true, list: listOf(row, now()) };
      return { created: false, list: (await this.byKey(scope, list.idempotencyKey))! };
    },

    /**
     * Takes a kept list to mail it again, when the mail server refused it or its request stopped before mailing it
     * (still "sending" past the lease): one conditional update, so of two requests at once one claims it. It is
     * "sending" again from now, which is its new time; false when it is not the scope's or not to be mailed again.
     */
    async claimToMail(scope: ListScope, id: string): Promise<boolean> {
      const at = now();
      const leaseEnded = new Date(at.getTime() - SENDING_LEASE_MS).toISOString();
      const result = await db
        .updateTable("order_lists")
        .set({ status: "sending", sent_at: at.toISOString() })
        .where("id", "=", id)
        .where("workspace_id", "=", scope.workspaceId)
        .where("environment", "=", scope.environment)
        .where("withdrawn_at", "is", null)
        .where((eb) =>
          eb.or([
            eb("status", "=", "mail-failed"),
            eb.and([eb("status", "=", "sending"), eb("sent_at", "<", leaseEnded)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async setStatus(id: string, status: ListStatus): Promise<void> {
      await db.updateTable("order_lists").set({ status }).where("id", "=", id).execute();
    },

    /** The workspace's lists in the key's environment, newest first (at most `limit`). */
    async list(scope: ListScope, limit = 200): Promise<OrderList[]> {
      const rows = await scoped(scope).orderBy("sent_at", "desc").orderBy("id", "desc").limit(limit).execute();
      return rows.map((row) => listOf(row, now()));
    },

    async get(scope: ListScope, id: string): Promise<OrderList | undefined> {
      const row = await scoped(scope).where("id", "=", id).executeTakeFirst();
      return row ? listOf(row, now()) : undefined;
    },

    /** The workspace's contact address for stores whose record has no rep's. */
    async contact(workspaceId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom("order_list_contacts")
        .select("email")
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      return row?.email;
    },

    /** Sets (or, with null, removes) the workspace's contact address. */
    async setContact(workspaceId: string, email: string | null, by: string): Promise<void> {
      if (email === null) {
        await db.deleteFrom("order_list_contacts").where("workspace_id", "=", workspaceId).execute();
        return;
      }
      const at = now().toISOString();
      await db
        .insertInto("order_list_contacts")
        .values({ workspace_id: workspaceId, email, updated_by: by, updated_at: at })
        .onConflict((oc) => oc.column("workspace_id").doUpdateSet({ email, updated_by: by, updated_at: at }))
        .execute();
    },
  };
}

export type OrderListStore = ReturnType<typeof createOrderListStore>;
