import "server-only";
import type { Kysely } from "kysely";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import { resumableSync } from "../core/jobs/resumable-sync";
import { syncReader } from "../watch/paged-reads";
import { isZone } from "@/lib/format/days";
import { workspaceMembers } from "../watch/hold-store";
import type { HistoryScope } from "@/lib/session/session-view";
import { type BackfillEstimate, backfillEstimate, HISTORY_WINDOW_DAYS } from "@/lib/domain/insights/backfill-estimate";
import { HISTORY_TABLES } from "./history-tables";

/**
 * A workspace key's history, kept in Backroom's database (issue 30): its invoices of every status but Canceled
 * (`Statuses=1,2,3,4,5,7`, said explicitly: the API's default is New only) and their lines, for the key's scope.
 *
 * - **Backfill**, newest first: windows of `WINDOW_DAYS` from today back to `historyDays` ago. A window is its invoice
 *   pages (500 a page), then its invoices' lines, `LINE_BATCH` invoices a request (500 lines a page).
 * - **Refresh** (nightly): the last `REFRESH_DAYS` again, as one window: statuses and revisions change. Invoices of the
 *   window the API no longer lists (canceled) are deleted; an invoice's lines are replaced whole.
 * - **Resumable**: where the walk stands (`history_state`) is saved after every request, so a job that dies, or waits
 *   for the key's budget, goes on from there. Every read is the background's (`background-reads.ts`): of the key's
 *   hour at most `SYNC_SHARE`, nothing while people have under a fifth left, one a second at most, none before a 429's
 *   `Retry-After`. Within those, the windows follow each other at once: each run makes some `RUN_REQUESTS` and queues
 *   the next at once; it waits only when the budget says so (`resumesAt`), which the page's estimate counts in.
 * - **Started** when the key is added (`keyAdded`, through the key store's listeners), else by the sweep or the page.
 * - **The run, its budget and the sweep** are the resumable sync's (`jobs/resumable-sync.ts`): this file gives its
 *   state, its start and its steps.
 */

export const HISTORY_SYNC = "history-sync";
export const HISTORY_SWEEP = "history-sweep";
export const WINDOW_DAYS = HISTORY_WINDOW_DAYS;
export const REFRESH_DAYS = 60;
/** How often a walk reads the products, states, customers and reps again (days). */
export const REFERENCE_DAYS = 7;
/** Invoice ids per `/invoiceTransactions` request: about 2.8 kB of query, well within a URL's length. */
export const LINE_BATCH = 400;
/** Steps one run takes at most before it gives the queue back (queued again at once). */
const STEPS_PER_RUN = 25;
/**
 * Requests after which a run gives the queue back (queued again at once): at one a second, about half a minute of one
 * of the queue's slots, well within a job's lease. A step is not cut: a window's line batch reads all its pages.
 */
const RUN_REQUESTS = 30;
const STATUSES = "1,2,3,4,5,7";
/** What a line keeps now: 2, with its `PromotionID` and `Discount` (issue 41's promotion lift). */
export const LINES_VERSION = 2;
/** Customer ids per request of an Employee key's walk (about 3 kB of query). */
const CUSTOMER_BATCH = 400;

export interface HistoryState {
  /** The oldest day the backfill reaches (`YYYY-MM-DD`). */
  horizon: string;
  /** What the walk is doing: the first backfill, a refresh, or nothing until the next night. */
  phase: "backfill" | "refresh" | "idle";
  /**
   * The window walked now (inclusive days), the next invoice page of it, and for an Employee key which batch of its
   * customers (`CUSTOMER_BATCH` a request); page 0 once its invoices are read.
   */
  window?: { from: string; to: string; page: number; batch?: number };
  /**
   * An Employee key's scope, read at each walk's start: the sales reps its workspace's members are linked to and
   * their customers. An Employee key sees every invoice of the distributor; its history keeps those customers' only,
   * unless an owner or admin chose the whole distributor (`distributor`: every customer, `customerIds` empty).
   * Undefined for a Supplier key (its own scope is the API's).
   */
  scope?: HistoryScopeState;
  /** The window's invoice ids seen so far (to delete the ones no longer listed) and those whose lines are to read. */
  seen: number[];
  pendingLines: number[];
  backfilledAt?: string;
  refreshedAt?: string;
  /** When the reference (products, states, customers, reps) was last read: weekly, the shelf every walk. */
  referencedAt?: string;
  /**
   * What the kept lines hold (`LINES_VERSION`): absent, the lines read before their promotion and discount were kept
   * (migration 019). A history of an older version is read again whole at its next walk, the page showing the old
   * meanwhile.
   */
  linesVersion?: number;
  requests: number;
  /**
   * The walk under way, for its estimate (`backfill-estimate.ts`): the day it began (its first window ends on it), the
   * key's `requests` then, and when its current window began. Absent from a walk started before it was kept.
   */
  walk?: { day: string; requests: number; windowRequests: number };
  /** The walk's requests in the current clock hour (the share the syncs may read is counted by the hour). */
  hour?: { start: string; requests: number };
  /** When a walk put off goes on: the key's share of the hour spent, people first, or a 429's `Retry-After`. */
  resumesAt?: string;
}

/** What an Employee key's history covers, as the walk found it. */
export interface HistoryScopeState {
  /** The reps the workspace's members are linked to. */
  repUserIds: number[];
  /** Their customers (empty for the whole distributor: nothing to narrow to). */
  customerIds: number[];
  /** Every account's invoices: the owner's or an admin's choice (`workspace_keys.history_scope`). */
  distributor?: boolean;
}

export interface HistorySyncJob {
  workspaceId: string;
  keyId: string;
}

export interface HistorySyncDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  /** HISTORY_DAYS: how far back the backfill reaches (default 365). */
  historyDays?: number;
  now?: () => number;
}

/** Whether the walk is over (a function: the steps change the state under TypeScript's narrowing). */
const idle = (state: HistoryState) => state.phase === "idle";
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => day(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);

type InvoiceRow = {
  InvoiceID: number;
  CustomerID: number;
  CustomerName?: string | null;
  InvoiceNum: string;
  Date: string;
  Status: number;
};
type LineRow = {
  InvoiceTransID: number;
  InvoiceID: number;
  CustomerID: number;
  ProductID: number;
  ProductName?: string | null;
  SupplierID: number;
  NumUnits: number;
  ExtPrice: string;
  PromotionID?: number | null;
  Discount?: string | null;
};
type PromotionRow = {
  PromotionID: number;
  PromotionName?: string | null;
  StartDate?: string | null;
  EndDate?: string | null;
  AllProducts?: boolean | null;
  ProductIDs?: number[] | null;
  States?: string[] | null;
};
type ProductRow = {
  ProductID: number;
  ProductName?: string | null;
  ProductTypeName?: string | null;
  SupplierID: number;
  Supplier?: string | null;
};
type CustomerRow = {
  CustomerID: number;
  CustomerName?: string | null;
  State?: string | null;
  SalesRepUserID?: number | null;
  SalesRepName?: string | null;
};
type StateRow = { StateAbbreviation: string; TimeZone?: string | null };
type ShelfApiRow = {
  CustomerID: number;
  ProductID: number;
  Inventory: string;
  DailySales: string;
  LastInventoryDate?: string | null;
};
type SupplierRow = { SupplierID: number; Supplier?: string | null };
type RepRow = { UserID: number; Name?: string | null; Customers?: { CustomerID: number }[] | null };

const repRow = (keyId: string, r: RepRow) => ({
  key_id: keyId,
  user_id: r.UserID,
  name: r.Name ?? `Rep ${r.UserID}`,
  customer_ids_json: JSON.stringify((r.Customers ?? []).map((c) => c.CustomerID)),
});

/**
 * The `CustomerIDs` of each request of a walk: one unfiltered request for a Supplier key and for an Employee key's
 * whole distributor, batches of its linked reps' customers otherwise.
 */
function customerBatches(state: HistoryState): (string | undefined)[] {
  if (!state.scope || state.scope.distributor) return [undefined];
  const ids = state.scope.customerIds;
  const batches: string[] = [];
  for (let i = 0; i < ids.length; i += CUSTOMER_BATCH) batches.push(ids.slice(i, i + CUSTOMER_BATCH).join(","));
  return batches;
}

/**
 * @example
 * const sync = createHistorySync({ db, jobs, keys, background });
 * jobs.work<HistorySyncJob>(HISTORY_SYNC, (job) => sync.run(job.data));
 * await sync.start(workspaceId, keyId); // the first backfill, or tonight's refresh
 */
export function createHistorySync(deps: HistorySyncDeps) {
  const now = deps.now ?? Date.now;
  const historyDays = deps.historyDays ?? 365;

  async function load(keyId: string): Promise<HistoryState | undefined> {
    const row = await deps.db
      .selectFrom("history_state")
      .select("state_json")
      .where("key_id", "=", keyId)
      .executeTakeFirst();
    return row ? (JSON.parse(row.state_json) as HistoryState) : undefined;
  }

  /** What an Employee key's history is to cover, as its workspace chose (`linked-reps` until an owner or admin says otherwise). */
  async function scopeOf(keyId: string): Promise<HistoryScope> {
    const row = await deps.db
      .selectFrom("workspace_keys")
      .select("history_scope")
      .where("id", "=", keyId)
      .executeTakeFirst();
    return row?.history_scope === "distributor" ? "distributor" : "linked-reps";
  }

  /**
   * Whether a key keeps a history: a Supplier key (the brand's insights); an Employee key chosen to keep the whole
   * distributor's, or one whose workspace has a member linked to a sales rep (those reps' accounts); a Customer key never.
   */
  async function keeps(key: {
    workspace_id: string;
    key_type: string;
    history_scope: string | null;
  }): Promise<boolean> {
    if (key.key_type === "Supplier" || (key.key_type === "Employee" && key.history_scope === "distributor"))
      return true;
    return (
      key.key_type === "Employee" &&
      (await workspaceMembers(deps.db, key.workspace_id)).some((m) => m.salesRepUserId !== null)
    );
  }

  async function save(keyId: string, state: HistoryState) {
    const values = { state_json: JSON.stringify(state), updated_at: new Date(now()).toISOString() };
    await deps.db
      .insertInto("history_state")
      .values({ key_id: keyId, ...values })
      .onConflict((oc) => oc.column("key_id").doUpdateSet(values))
      .execute();
  }

  /** The invoice pages of the window: saved as they come; at the window's end, those no longer listed deleted. */
  async function invoicePage(
    keyId: string,
    state: HistoryState,
    read: (path: string) => Promise<{ records: InvoiceRow[]; more: boolean }>,
  ) {
    const window = state.window!;
    const query = new URLSearchParams({
      Statuses: STATUSES,
      StartDate: window.from,
      EndDate: window.to,
      PageSize: "500",
      Page: String(window.page),
    });
    const customers = customerBatches(state)[window.batch ?? 0];
    if (customers) query.set("CustomerIDs", customers);
    const { records, more } = await read(`/invoices?${query}`);
    if (records.length) {
      await deps.db
        .insertInto("history_invoices")
        .values(
          records.map((r) => ({
            key_id: keyId,
            invoice_id: r.InvoiceID,
            customer_id: r.CustomerID,
            customer_name: r.CustomerName ?? "",
            invoice_num: r.InvoiceNum,
            date: r.Date,
            status: r.Status,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["key_id", "invoice_id"]).doUpdateSet((eb) => ({
            customer_id: eb.ref("excluded.customer_id"),
            customer_name: eb.ref("excluded.customer_name"),
            invoice_num: eb.ref("excluded.invoice_num"),
            date: eb.ref("excluded.date"),
            status: eb.ref("excluded.status"),
          })),
        )
        .execute();
    }
    state.seen.push(...records.map((r) => r.InvoiceID));
    state.pendingLines.push(...records.map((r) => r.InvoiceID));
    if (more) {
      window.page++;
      return;
    }
    if ((window.batch ?? 0) + 1 < customerBatches(state).length) {
      state.window = { ...window, page: 1, batch: (window.batch ?? 0) + 1 };
      return;
    }
    // The window is read whole: what it held before and the API lists no more (canceled) goes, lines and all.
    const gone = await deps.db
      .selectFrom("history_invoices")
      .select("invoice_id")
      .where("key_id", "=", keyId)
      .where("date", ">=", window.from)
      .where("date", "<", addDays(window.to, 1))
      .execute();
    const seen = new Set(state.seen);
    const stale = gone.map((r) => r.invoice_id).filter((id) => !seen.has(id));
    for (let i = 0; i < stale.length; i += 500) {
      const ids = stale.slice(i, i + 500);
      await deps.db.deleteFrom("history_lines").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
      await deps.db.deleteFrom("history_invoices").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
    }
    state.window = { ...window, page: 0, batch: 0 };
  }

  /**
   * An Employee key's scope at a walk's start: the reps the workspace's members are linked to, from `/salesReps`
   * (kept as the history's reps), and their customers; what the history held of other customers goes. For the whole
   * distributor: every rep (the page's chooser), and no customer to narrow to.
   */
  async function readScope(
    keyId: string,
    workspaceId: string,
    state: HistoryState,
    readAll: <T>(path: string) => Promise<T[]>,
  ) {
    const distributor = (await scopeOf(keyId)) === "distributor";
    const linked = new Set(
      (await workspaceMembers(deps.db, workspaceId)).flatMap((m) =>
        m.salesRepUserId === null ? [] : [m.salesRepUserId],
      ),
    );
    const all = linked.size === 0 && !distributor ? [] : await readAll<RepRow>("/salesReps?PageSize=500");
    const reps = distributor ? all : all.filter((r) => linked.has(r.UserID));
    const customerIds = distributor
      ? []
      : [...new Set(reps.flatMap((r) => (r.Customers ?? []).map((c) => c.CustomerID)))].sort((a, b) => a - b);
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_reps").where("key_id", "=", keyId).execute();
      if (reps.length)
        await trx
          .insertInto("history_reps")
          .values(reps.map((r) => repRow(keyId, r)))
          .execute();
      if (distributor) return;
      for (const table of ["history_lines", "history_invoices", "history_shelf", "history_customers"] as const) {
        await trx
          .deleteFrom(table)
          .where("key_id", "=", keyId)
          .$if(customerIds.length > 0, (q) => q.where("customer_id", "not in", customerIds))
          .execute();
      }
    });
    const repUserIds = reps
      .map((r) => r.UserID)
      .filter((id) => linked.has(id))
      .sort((a, b) => a - b);
    state.scope = distributor ? { repUserIds, customerIds, distributor } : { repUserIds, customerIds };
  }

  /** One batch of the window's invoices' lines, every page of it, replacing what was kept of those invoices. */
  async function lineBatch(keyId: string, state: HistoryState, readAll: (path: string) => Promise<LineRow[]>) {
    const ids = state.pendingLines.slice(0, LINE_BATCH);
    const lines = await readAll(
      `/invoiceTransactions?${new URLSearchParams({ InvoiceIDs: ids.join(","), PageSize: "500" })}`,
    );
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_lines").where("key_id", "=", keyId).where("invoice_id", "in", ids).execute();
      for (let i = 0; i < lines.length; i += 500) {
        await trx
          .insertInto("history_lines")
          .values(
            lines.slice(i, i + 500).map((l) => ({
              key_id: keyId,
              line_id: l.InvoiceTransID,
              invoice_id: l.InvoiceID,
              customer_id: l.CustomerID,
              product_id: l.ProductID,
              supplier_id: l.SupplierID,
              product_name: l.ProductName ?? "",
              num_units: l.NumUnits,
              ext_price: l.ExtPrice,
              promotion_id: l.PromotionID ?? null,
              discount: l.Discount ?? null,
            })),
          )
          .onConflict((oc) => oc.columns(["key_id", "line_id"]).doNothing())
          .execute();
      }
    });
    state.pendingLines = state.pendingLines.slice(ids.length);
  }

  /**
   * The active products (a brand's own; an Employee key's the distributor's whole catalogue, for a chosen supplier's
   * white space), the retailers the key sees (with their state's zone) and the reps, replaced whole. For an Employee
   * key: its scope's customers and the suppliers (for the page's chooser); its reps were read with its scope.
   */
  async function groupings(keyId: string, state: HistoryState, readAll: <T>(path: string) => Promise<T[]>) {
    const states = await readAll<StateRow>("/states?PageSize=500");
    const zones = new Map(
      states.filter((s) => s.TimeZone && isZone(s.TimeZone)).map((s) => [s.StateAbbreviation, s.TimeZone!]),
    );
    const customers: CustomerRow[] = [];
    for (const batch of customerBatches(state)) {
      customers.push(
        ...(await readAll<CustomerRow>(
          `/customers?AccountStatuses=Active,Inactive,OutOfBus&PageSize=500${batch ? `&CustomerIDs=${batch}` : ""}`,
        )),
      );
    }
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_customers").where("key_id", "=", keyId).execute();
      for (let i = 0; i < customers.length; i += 500) {
        await trx
          .insertInto("history_customers")
          .values(
            customers.slice(i, i + 500).map((c) => ({
              key_id: keyId,
              customer_id: c.CustomerID,
              name: c.CustomerName ?? `Customer ${c.CustomerID}`,
              state: c.State ?? null,
              time_zone: (c.State && zones.get(c.State)) ?? null,
              rep_user_id: c.SalesRepUserID ?? null,
              rep_name: c.SalesRepName ?? null,
            })),
          )
          .onConflict((oc) => oc.columns(["key_id", "customer_id"]).doNothing())
          .execute();
      }
    });
    const products = await readAll<ProductRow>("/products?PageSize=500");
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_products").where("key_id", "=", keyId).execute();
      for (let i = 0; i < products.length; i += 500) {
        await trx
          .insertInto("history_products")
          .values(
            products.slice(i, i + 500).map((p) => ({
              key_id: keyId,
              product_id: p.ProductID,
              name: p.ProductName ?? `Product ${p.ProductID}`,
              product_group: p.ProductTypeName || "Other",
              supplier_id: p.SupplierID,
            })),
          )
          .onConflict((oc) => oc.columns(["key_id", "product_id"]).doNothing())
          .execute();
      }
    });
    await readPromotions(keyId, readAll);
    // The suppliers by name: a brand's from its products (no request more); an Employee key's every supplier, inactive too.
    const named = new Map(products.flatMap((p) => (p.Supplier ? [[p.SupplierID, p.Supplier] as const] : [])));
    if (state.scope) {
      for (const row of [
        ...(await readAll<SupplierRow>("/suppliers?Active=false&PageSize=500")),
        ...(await readAll<SupplierRow>("/suppliers?PageSize=500")),
      ]) {
        named.set(row.SupplierID, row.Supplier ?? named.get(row.SupplierID) ?? `Supplier ${row.SupplierID}`);
      }
    }
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_suppliers").where("key_id", "=", keyId).execute();
      const rows = [...named].map(([supplierId, name]) => ({ key_id: keyId, supplier_id: supplierId, name }));
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("history_suppliers")
          .values(rows.slice(i, i + 500))
          .execute();
    });
    if (state.scope) return;
    const rows = await readAll<RepRow>("/salesReps?PageSize=500");
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_reps").where("key_id", "=", keyId).execute();
      if (rows.length) {
        await trx
          .insertInto("history_reps")
          .values(rows.map((r) => repRow(keyId, r)))
          .onConflict((oc) => oc.columns(["key_id", "user_id"]).doNothing())
          .execute();
      }
    });
  }

  /**
   * The promotions the key sees (`/promotionsProducts`: a brand's own, an Employee key's every supplier's), replaced
   * whole. The live test environment answered this list with 500s (field notes): a failure other than the budget's
   * keeps what was read before, and the lift reads a promotion the list lacks from its lines.
   */
  async function readPromotions(keyId: string, readAll: <T>(path: string) => Promise<T[]>) {
    let promotions: PromotionRow[];
    try {
      promotions = await readAll<PromotionRow>("/promotionsProducts?PageSize=500");
    } catch (error) {
      if (syncReader.later(error) !== undefined) throw error;
      return;
    }
    const day = (text: string | null | undefined) => (text ? text.slice(0, 10) : undefined);
    const rows = promotions.flatMap((p) => {
      const start = day(p.StartDate);
      const end = day(p.EndDate);
      if (typeof p.PromotionID !== "number" || !start || !end) return [];
      return [
        {
          key_id: keyId,
          promotion_id: p.PromotionID,
          name: p.PromotionName?.trim() || `Promotion ${p.PromotionID}`,
          start_date: start,
          end_date: end,
          all_products: p.AllProducts ? 1 : 0,
          product_ids_json: JSON.stringify(Array.isArray(p.ProductIDs) ? p.ProductIDs : []),
          states_json: JSON.stringify(Array.isArray(p.States) ? p.States : []),
        },
      ];
    });
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_promotions").where("key_id", "=", keyId).execute();
      for (let i = 0; i < rows.length; i += 500)
        await trx
          .insertInto("history_promotions")
          .values(rows.slice(i, i + 500))
          .onConflict((oc) => oc.columns(["key_id", "promotion_id"]).doNothing())
          .execute();
    });
  }

  /**
   * What is replaced whole at a walk's end: the retailers' stock of the brand's products (the shelf watch's snapshot)
   * every time; once a week (`REFERENCE_DAYS`) and at the backfill, what the pages group and date by, which rarely
   * changes: the brand's active products, the retailers (with their state's zone) and the reps.
   */
  async function reference(keyId: string, state: HistoryState, readAll: <T>(path: string) => Promise<T[]>) {
    const due = !state.referencedAt || now() - Date.parse(state.referencedAt) >= REFERENCE_DAYS * 86_400_000;
    if (due) {
      await groupings(keyId, state, readAll);
      state.referencedAt = new Date(now()).toISOString();
    }
    const shelf: ShelfApiRow[] = [];
    for (const batch of customerBatches(state))
      shelf.push(
        ...(await readAll<ShelfApiRow>(`/retailerInventory?PageSize=500${batch ? `&CustomerIDs=${batch}` : ""}`)),
      );
    await deps.db.transaction().execute(async (trx) => {
      await trx.deleteFrom("history_shelf").where("key_id", "=", keyId).execute();
      for (let i = 0; i < shelf.length; i += 500) {
        await trx
          .insertInto("history_shelf")
          .values(
            shelf.slice(i, i + 500).map((r) => ({
              key_id: keyId,
              customer_id: r.CustomerID,
              product_id: r.ProductID,
              inventory: r.Inventory,
              daily_sales: r.DailySales,
              last_inventory_date: r.LastInventoryDate ?? null,
            })),
          )
          .onConflict((oc) => oc.columns(["key_id", "customer_id", "product_id"]).doNothing())
          .execute();
      }
    });
  }

  /** After a window: the next one back (backfill), or the walk's end. */
  async function nextWindow(keyId: string, state: HistoryState, readAll: <T>(path: string) => Promise<T[]>) {
    const window = state.window!;
    state.seen = [];
    if (state.phase === "backfill" && window.from > state.horizon) {
      const to = addDays(window.from, -1);
      const from = addDays(to, -(WINDOW_DAYS - 1));
      state.window = { from: from < state.horizon ? state.horizon : from, to, page: 1, batch: 0 };
      if (state.walk) state.walk.windowRequests = state.requests;
      return;
    }
    await reference(keyId, state, readAll);
    finish(state);
  }

  /** The walk's end: when it ended is the history's "as of". */
  function finish(state: HistoryState) {
    const at = new Date(now()).toISOString();
    if (state.phase === "backfill") {
      state.backfilledAt = at;
      state.linesVersion = LINES_VERSION;
    }
    state.refreshedAt = at;
    state.phase = "idle";
    state.window = undefined;
    state.walk = undefined;
    state.resumesAt = undefined;
  }

  /** Whether a key keeps a history, read from its row (absent: it was removed). */
  async function kept(keyId: string): Promise<{ workspace_id: string } | undefined> {
    const key = await deps.db
      .selectFrom("workspace_keys")
      .select(["workspace_id", "key_type", "history_scope"])
      .where("id", "=", keyId)
      .executeTakeFirst();
    return key && (await keeps(key)) ? key : undefined;
  }

  /** Starts the key's walk: the first backfill, or a refresh of the last `REFRESH_DAYS` once it has one. */
  async function start(workspaceId: string, keyId: string): Promise<void> {
    const today = day(now());
    const state = await load(keyId);
    if (state && state.phase !== "idle") return void (await sync.queue({ workspaceId, keyId }));
    const walk = { day: today, requests: state?.requests ?? 0, windowRequests: state?.requests ?? 0 };
    const newest = { from: addDays(today, -(WINDOW_DAYS - 1)), to: today, page: 1 };
    // A history whose lines lack what a line keeps now is walked again whole, as a backfill that keeps its figures.
    const stale = state?.backfilledAt !== undefined && (state.linesVersion ?? 1) < LINES_VERSION;
    const next: HistoryState = stale
      ? {
          ...state!,
          horizon: addDays(today, -historyDays),
          phase: "backfill",
          window: newest,
          seen: [],
          pendingLines: [],
          scope: undefined,
          walk,
          resumesAt: undefined,
          referencedAt: undefined,
        }
      : state
        ? {
            ...state,
            phase: "refresh",
            window: { from: addDays(today, -(REFRESH_DAYS - 1)), to: today, page: 1 },
            seen: [],
            pendingLines: [],
            scope: undefined,
            walk,
            resumesAt: undefined,
          }
        : {
            horizon: addDays(today, -historyDays),
            phase: "backfill",
            window: newest,
            seen: [],
            pendingLines: [],
            requests: 0,
            walk,
          };
    await save(keyId, next);
    await sync.queue({ workspaceId, keyId });
  }

  /** Deletes a key's history (the key was removed from its workspace). */
  async function forget(keyId: string): Promise<void> {
    for (const table of HISTORY_TABLES) await deps.db.deleteFrom(table).where("key_id", "=", keyId).execute();
  }

  /** The walk as the resumable sync runs it (`jobs/resumable-sync.ts`): what is the history's is its steps. */
  const sync = resumableSync<HistoryState>(deps, {
    kind: HISTORY_SYNC,
    name: "the history's",
    reader: syncReader,
    now,
    stepsPerRun: STEPS_PER_RUN,
    requestsPerRun: RUN_REQUESTS,
    load,
    walking: (state) => !idle(state) && state.window !== undefined,
    async step(job, key, state, read) {
      const readPage = async <T>(path: string) => {
        const records = await read<T>(path);
        return { records, more: records.length === 500 };
      };
      const readAll = async <T>(path: string): Promise<T[]> => {
        const all: T[] = [];
        for (let page = 1; ; page++) {
          const { records, more } = await readPage<T>(`${path}&Page=${page}`);
          all.push(...records);
          if (!more) return all;
        }
      };
      if (key.keyType === "Employee" && !state.scope) await readScope(job.keyId, job.workspaceId, state, readAll);
      // No member linked to a rep (or no customers of theirs): nothing to walk; the page says why.
      else if (state.scope && !state.scope.distributor && state.scope.customerIds.length === 0) finish(state);
      else if (state.window!.page > 0) await invoicePage(job.keyId, state, readPage<InvoiceRow>);
      else if (state.pendingLines.length > 0) await lineBatch(job.keyId, state, readAll<LineRow>);
      else await nextWindow(job.keyId, state, readAll);
      await save(job.keyId, state);
    },
    // The walk's requests in the current clock hour (the syncs' share is counted by the hour).
    counted(state) {
      const hour = new Date(Math.floor(now() / 3_600_000) * 3_600_000).toISOString();
      state.hour =
        state.hour?.start === hour ? { start: hour, requests: state.hour.requests + 1 } : { start: hour, requests: 1 };
    },
    resumed: (state) => void (state.resumesAt = undefined),
    // The state says when the walk goes on (the page's estimate counts the wait in).
    async putOff(job, state, seconds) {
      state.resumesAt = new Date(now() + seconds * 1000).toISOString();
      await save(job.keyId, state);
    },
    forget,
    async kept() {
      const all = await deps.db
        .selectFrom("workspace_keys")
        .select(["id", "workspace_id", "key_type", "history_scope"])
        .where("key_type", "in", ["Supplier", "Employee"])
        .execute();
      const keys = [];
      for (const key of all) if (await keeps(key)) keys.push(key);
      return keys;
    },
    async standings() {
      const states = await deps.db.selectFrom("history_state").select(["key_id", "state_json", "updated_at"]).execute();
      return new Map(
        states.map((row) => {
          const state = JSON.parse(row.state_json) as HistoryState;
          const endedAt = state.refreshedAt ? Date.parse(state.refreshedAt) : undefined;
          return [row.key_id, { walking: state.phase !== "idle", movedAt: Date.parse(row.updated_at), endedAt }];
        }),
      );
    },
    start,
  });

  return {
    start,

    /**
     * A key just added (the key store's listener): its first backfill starts now when it keeps a history (`keeps`: a
     * Supplier key; an Employee key whose workspace links a member to a rep), rather than at the next sweep or the
     * first view of Insights. Nothing is read here: the job opens the key.
     *
     * @example
     * keys.onAdded((key) => history.keyAdded(key.workspaceId, key.keyId));
     */
    async keyAdded(workspaceId: string, keyId: string): Promise<void> {
      if ((await kept(keyId)) && !(await load(keyId))) await start(workspaceId, keyId);
    },

    /** The job: walks on from where the key's state stands, some requests, then queues itself again at once. */
    run: sync.run,

    /**
     * The hourly sweep: a key without a history starts its backfill (one added before the key store told of it, or an
     * Employee key whose workspace has since linked a member to a rep), one whose last walk ended over a day ago its
     * refresh (so each key is refreshed daily, at about the hour its backfill ended), a walk whose job was lost (its
     * state still for an hour) is queued again, and the history of a key no longer in any workspace, or no longer
     * keeping one (`keeps`), is deleted.
     */
    sweep: sync.sweep,

    /** Where a key's history stands, for the page ("History up to …"). */
    state: load,

    /**
     * When a key's first backfill expects to be done (`backfill-estimate.ts`), at the pace its syncs read at; undefined
     * when no backfill is under way.
     *
     * @example
     * const estimate = await history.estimate(keyId); // { windows: 7, windowsRead: 3, secondsLeft: 1150 }
     */
    async estimate(keyId: string): Promise<BackfillEstimate | undefined> {
      const state = await load(keyId);
      const key = await deps.db
        .selectFrom("workspace_keys")
        .select("fingerprint")
        .where("id", "=", keyId)
        .executeTakeFirst();
      if (state?.phase !== "backfill" || !key) return undefined;
      return backfillEstimate(state, await deps.background.syncPace(key.fingerprint), now());
    },

    /** What an Employee key's history covers (`linked-reps` until an owner or admin chose otherwise). */
    scope: scopeOf,

    /**
     * An owner's or admin's choice of what an Employee key's history covers. A change deletes what the history held
     * (the whole distributor's is a new backfill; the linked reps' a smaller one) and starts the new walk when the key
     * keeps one. Answers whether anything changed.
     *
     * @example
     * await sync.setScope(workspaceId, keyId, "distributor"); // true: the distributor's year is backfilled from now on
     */
    async setScope(workspaceId: string, keyId: string, scope: HistoryScope): Promise<boolean> {
      const key = await deps.db
        .selectFrom("workspace_keys")
        .select(["workspace_id", "key_type", "history_scope"])
        .where("id", "=", keyId)
        .where("workspace_id", "=", workspaceId)
        .executeTakeFirst();
      if (!key || key.key_type !== "Employee" || (await scopeOf(keyId)) === scope) return false;
      await deps.db.updateTable("workspace_keys").set({ history_scope: scope }).where("id", "=", keyId).execute();
      await forget(keyId);
      if (await keeps({ ...key, history_scope: scope })) await start(workspaceId, keyId);
      return true;
    },

    /** Deletes a key's history (the key was removed from its workspace). */
    forget,
  };
}

export type HistorySync = ReturnType<typeof createHistorySync>;
