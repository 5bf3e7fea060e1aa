import "server-only";
import type { Kysely } from "kysely";
import type { Version } from "@/lib/data-api/operation";
import { pagingParams } from "@/lib/data-api/values";
import { scheduleFallbackRequest, type ScheduleRecord, withSchedules } from "@/lib/ui/delivery/schedule-fallback";
import type { ScheduleCustomer, ScheduleRep, ScheduleState } from "@/lib/ui/delivery/schedule";
import type { LocationInput, ProductInput, PurchaseLineV1Input, PurchaseV1Input, PurchaseV2Input, StateInput, VendorInput, InventoryInput } from "@/lib/ui/replenishment/inputs";
import type { PlanInput } from "@/lib/ui/replenishment/plan";
import { ALL_PRODUCT_STATUSES, LINES_BATCH, OPEN_STATUSES_V1, OPEN_STATUSES_V2, PLAN_PAGES } from "@/lib/ui/replenishment/requests";
import { KIND_NAMES } from "@/lib/session/notification-kinds";
import type { WorkspaceKeyStore } from "../auth/workspace-keys";
import type { Background, BackgroundReads } from "../background/background-reads";
import type { BackroomDatabase } from "../db/schema";
import type { JobQueue } from "../jobs/job-queue";
import type { NewNotification } from "../notifications/notification-store";
import type { Notifier } from "../notifications/notifier";
import type { ActiveKey } from "../session";
import { creditNotifications, invoiceNotifications, type OpenInvoiceInput, type PaymentInput } from "./account-findings";
import { cutOffNotifications, holdNotifications, type SeenHold } from "./customer-findings";
import { createHoldStore, workspaceMembers } from "./hold-store";
import { candidates, type WatchMember } from "./recipients";
import { belowCoverNotifications } from "./stock-findings";

/**
 * Watches: once an hour, Backroom reads what each workspace key may see and tells its members what changed for them
 * (invoices falling due or overdue, credit to apply, products below target days of cover, customers put on hold, a
 * rep's deliveries tomorrow and their cut-off). A recurring `watch-sweep` queues one `watch` job per workspace key and
 * hour; the job reads through the proxy as a viewer (`background-reads.ts`: its cache, its rate-limit book, a tenth of
 * the key's hour at most, and nothing while people have under a fifth left: the job is queued again for later), a
 * handful of filtered lists of 500, then hands every finding to the notifier for every candidate member. Each finding
 * has an effect key naming the person and the fact, so an hourly re-run tells nothing twice and a new fact tells again.
 */

export const WATCH = "watch";
export const WATCH_SWEEP = "watch-sweep";
/** How often every key is watched. */
export const WATCH_PERIOD_SECONDS = 3600;

export interface WatchJob {
  workspaceId: string;
  keyId: string;
  /** The sweep's hour (slots of `WATCH_PERIOD_SECONDS` from the epoch): one job per key and hour. */
  slot: number;
}

export interface WatchDeps {
  jobs: JobQueue;
  db: Kysely<BackroomDatabase>;
  keys: Pick<WorkspaceKeyStore, "open">;
  notifier: Notifier;
  /** Backroom's own reads for the key: through the proxy, within the background's share of the key's budget. */
  background: Background;
  now?: () => number;
  periodSeconds?: number;
}

/** Thrown inside a watch when the key's budget says to stop reading: the job is queued again after `seconds`. */
class ReadLater {
  constructor(readonly seconds: number) {}
}

type Row = Record<string, unknown>;

/**
 * Every record of a list, page by page up to `maxPages` (v1 `Page`/`HasNextPage`, v2 `page`/`has_next_page`), or the
 * status of the first answer that is an error. Throws ReadLater when the background may not read now.
 */
async function pages<T>(reads: BackgroundReads, version: Version, path: string, maxPages: number): Promise<{ records: T[] } | { status: number }> {
  const paging = pagingParams(version);
  const [base, query = ""] = path.split("?");
  const records: T[] = [];
  for (let page = 1; page <= maxPages; page++) {
    const params = new URLSearchParams(query);
    if (page > 1) params.set(paging.page, String(page));
    const response = await reads.read(version, `${base}?${params}`);
    const wait = reads.wait();
    if (!response || wait !== undefined) throw new ReadLater(wait ?? 60);
    if (!response.ok) {
      await response.arrayBuffer();
      return { status: response.status };
    }
    const body = (await response.json().catch(() => undefined)) as { Data?: unknown; data?: unknown; HasNextPage?: unknown; has_next_page?: unknown } | undefined;
    const data = version === "v2" ? body?.data : body?.Data;
    // A 200 without its list is no answer either (502: what the proxy says of a malformed upstream answer).
    if (!Array.isArray(data)) return { status: 502 };
    records.push(...(data as T[]));
    if ((version === "v2" ? body?.has_next_page : body?.HasNextPage) !== true) break;
  }
  return { records };
}

/**
 * Every record of a list (see `pages`); undefined when an answer is an error: the findings that need it are left for
 * the next watch.
 */
async function list<T = Row>(reads: BackgroundReads, version: Version, path: string, maxPages = 1): Promise<T[] | undefined> {
  const answer = await pages<T>(reads, version, path, maxPages);
  return "records" in answer ? answer.records : undefined;
}

/** A v2 list's status when it is not offered by the service (then the plan counts v1's posted purchases). */
const V2_MISSING = new Set([404, 405, 501]);

const q = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The states' time zones, for days counted on a customer's clock. */
function zones(states: readonly StateInput[] | undefined): Map<string, string> {
  return new Map((states ?? []).flatMap((s) => (s.StateAbbreviation && s.TimeZone ? [[s.StateAbbreviation, s.TimeZone] as const] : [])));
}

/**
 * A Customer key: its open invoices, its payments, its own accounts (holds, and the states their days are counted in)
 * and the states. Four requests for a retailer of up to 500 of each.
 */
async function watchCustomer(reads: BackgroundReads, context: Context): Promise<NewNotification[]> {
  const wants = (kind: Parameters<typeof candidates>[0]) => candidates(kind, "Customer", context.members).length > 0;
  const invoices = wants("invoice-due") || wants("invoice-overdue") ? await list<OpenInvoiceInput>(reads, "v1", `/payments/openInvoices?${q({ PageSize: "500" })}`, 4) : undefined;
  const payments = wants("credit-available") ? await list<PaymentInput>(reads, "v1", `/payments?${q({ PageSize: "500" })}`, 4) : undefined;
  const customers = await list<ScheduleCustomer & { OnHold?: boolean | null }>(reads, "v1", `/customers?${q({ PageSize: "500" })}`, 2);
  const states = invoices?.length ? await list<StateInput>(reads, "v1", `/states?${q({ PageSize: "500" })}`) : undefined;

  const stateOf = new Map((customers ?? []).flatMap((c) => (typeof c.CustomerID === "number" && c.State ? [[c.CustomerID, c.State] as const] : [])));
  const zoneOf = zones(states);
  const account = { ...context, zoneOf: (id: number | undefined) => (id === undefined ? undefined : zoneOf.get(stateOf.get(id) ?? "")) };
  const found = [...invoiceNotifications(invoices ?? [], account), ...creditNotifications(payments ?? [], account)];
  if (customers) {
    const held = customers.filter((c) => c.OnHold === true && typeof c.CustomerID === "number");
    const since = await context.holds(held.map((c) => c.CustomerID!));
    found.push(...holdNotifications(held.map((c) => ({ customerId: c.CustomerID!, name: c.CustomerName ?? undefined, since: since.get(c.CustomerID!)! })), { ...context, keyType: "Customer" }));
  }
  return found;
}

/**
 * A Supplier key: the replenishment plan of each of its suppliers, read as the plan page reads it (inventory, every
 * product, vendors, warehouses, states, open purchases with their lines): six requests for one supplier.
 */
async function watchSupplier(reads: BackgroundReads, key: ActiveKey, context: Context): Promise<NewNotification[]> {
  if (candidates("below-cover", "Supplier", context.members).length === 0) return [];
  const page = { PageSize: "500" };
  // The key's suppliers as its scope says, or (a scope that does not name them) as `/suppliers` answers it.
  const named = (key.scope.suppliers ?? []).map((s) => s.id);
  const suppliers = named.length ? named : ((await list<{ SupplierID?: number | null }>(reads, "v1", `/suppliers?${q(page)}`)) ?? []).flatMap((s) => (typeof s.SupplierID === "number" ? [s.SupplierID] : []));
  if (suppliers.length === 0) return [];
  const locations = await list<LocationInput>(reads, "v1", `/locations?${q(page)}`);
  const states = await list<StateInput>(reads, "v1", `/states?${q(page)}`);
  const purchases = await openPurchases(reads);
  const plans: PlanInput[] = [];
  for (const supplier of suppliers) {
    const id = String(supplier);
    const inventory = await list<InventoryInput>(reads, "v1", `/inventory?${q({ SupplierIDs: id, ...page })}`, PLAN_PAGES.inventory);
    const products = await list<ProductInput>(reads, "v1", `/products?${q({ SupplierIDs: id, Statuses: ALL_PRODUCT_STATUSES, ...page })}`, PLAN_PAGES.products);
    const vendors = await list<VendorInput>(reads, "v1", `/vendors?${q({ SupplierIDs: id, ...page })}`, PLAN_PAGES.vendors);
    // A plan missing any of its reads would count wrong: that supplier waits for the next watch.
    if (!inventory || !products || !vendors || !locations || !states || !purchases) continue;
    plans.push({ inventory, products, vendors, locations, states, ...purchases });
  }
  return belowCoverNotifications(plans, context);
}

/**
 * The key's open purchases as the plan counts them: v2's (on order and drafts, lines inline), or without v2 the ERP's
 * posted ones and their lines. Another supplier's purchases name other products, so one read serves every supplier.
 */
async function openPurchases(reads: BackgroundReads): Promise<Pick<PlanInput, "purchases" | "purchasesV1"> | undefined> {
  const v2 = await pages<PurchaseV2Input>(reads, "v2", `/purchases?${q({ statuses: OPEN_STATUSES_V2, include_transactions: "true", page_size: "500" })}`, PLAN_PAGES.purchases);
  if ("records" in v2) return { purchases: v2.records };
  if (!V2_MISSING.has(v2.status)) return undefined;
  const posted = await list<PurchaseV1Input>(reads, "v1", `/purchases?${q({ Statuses: OPEN_STATUSES_V1, PageSize: "500" })}`, PLAN_PAGES.purchases);
  if (!posted) return undefined;
  const ids = [...new Set(posted.flatMap((p) => (typeof p.PurchaseID === "number" ? [p.PurchaseID] : [])))].sort((a, b) => a - b);
  const lines: PurchaseLineV1Input[] = [];
  for (let start = 0; start < ids.length; start += LINES_BATCH) {
    const batch = await list<PurchaseLineV1Input>(reads, "v1", `/purchaseTrans?${q({ PurchaseIDs: ids.slice(start, start + LINES_BATCH).join(","), PageSize: "500" })}`, PLAN_PAGES.lines);
    if (!batch) return undefined;
    lines.push(...batch);
  }
  return { purchasesV1: { purchases: posted, lines } };
}

/** Customers asked for by id per request (well within an address's length). */
const CUSTOMER_IDS_BATCH = 200;

/**
 * An Employee key, for its members linked to a sales rep: the reps (whose customers are whose, as the delivery-days
 * page's rep filter), those reps' customers by id, the states for tomorrow's cut-offs, and `/deliveryDays` only for
 * customers whose records come without a schedule. Three requests; none without a linked member.
 */
async function watchEmployee(reads: BackgroundReads, context: Context): Promise<NewNotification[]> {
  const repMembers = context.members.filter((m) => m.salesRepUserId !== null);
  if (repMembers.length === 0) return [];
  const reps = await list<ScheduleRep>(reads, "v1", `/salesReps?${q({ PageSize: "500" })}`);
  if (!reps) return [];
  const linked = new Set(repMembers.map((m) => m.salesRepUserId));
  const repsOf = new Map<number, number[]>();
  for (const rep of reps) {
    if (typeof rep.UserID !== "number" || !linked.has(rep.UserID)) continue;
    for (const c of rep.Customers ?? []) if (typeof c.CustomerID === "number") repsOf.set(c.CustomerID, [...(repsOf.get(c.CustomerID) ?? []), rep.UserID]);
  }
  const ids = [...repsOf.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  let customers: (ScheduleCustomer & { OnHold?: boolean | null })[] | undefined = [];
  for (let start = 0; start < ids.length && customers; start += CUSTOMER_IDS_BATCH) {
    const batch = await list<ScheduleCustomer & { OnHold?: boolean | null }>(reads, "v1", `/customers?${q({ CustomerIDs: ids.slice(start, start + CUSTOMER_IDS_BATCH).join(","), PageSize: "500" })}`);
    customers = batch ? [...customers, ...batch] : undefined;
  }
  if (!customers) return [];

  const held = customers.filter((c) => c.OnHold === true && typeof c.CustomerID === "number");
  const since = await context.holds(held.map((c) => c.CustomerID!));
  const holds: SeenHold[] = held.flatMap((c) => (repsOf.get(c.CustomerID!) ?? []).map((rep) => ({ customerId: c.CustomerID!, name: c.CustomerName ?? undefined, salesRepUserId: rep, since: since.get(c.CustomerID!)! })));
  const found = holdNotifications(holds, { ...context, keyType: "Employee" });

  if (candidates("delivery-cutoff", "Employee", context.members).length > 0) {
    const states = await list<ScheduleState>(reads, "v1", `/states?${q({ PageSize: "500" })}`);
    const fallback = scheduleFallbackRequest(customers, {});
    const schedules = fallback ? await list<ScheduleRecord>(reads, "v1", `/deliveryDays?${q({ ...fallback.query, PageSize: "500" })}`, 6) : [];
    if (states && schedules) found.push(...cutOffNotifications({ customers: withSchedules(customers, schedules), states, reps }, { ...context, keyType: "Employee" }));
  }
  return found;
}

interface Context {
  workspaceId: string;
  keyId: string;
  members: WatchMember[];
  now: Date;
  /** The hold store for this key: records the holds seen now and answers since when each is seen. */
  holds(customerIds: number[]): Promise<Map<number, string>>;
}

/**
 * @example
 * const watch = createWatch({ jobs, db, keys, notifier, background });
 * jobs.work<WatchJob>(WATCH, (job) => watch.run(job.data));
 * recurrences.push(recurring(jobs, WATCH_SWEEP, WATCH_PERIOD_SECONDS, (slotStart) => watch.sweep(slotStart)));
 */
export function createWatch(deps: WatchDeps) {
  const now = deps.now ?? Date.now;
  const periodMs = (deps.periodSeconds ?? WATCH_PERIOD_SECONDS) * 1000;
  const holdStore = createHoldStore(deps.db);
  const queue = (job: WatchJob, delaySeconds: number) => deps.jobs.send(WATCH, job, { key: `${job.keyId}:${job.slot}`, delaySeconds });

  return {
    /** The sweep: one watch job per workspace key for the slot starting at `slotStart` (now by default). */
    async sweep(slotStart: Date = new Date(now())): Promise<number> {
      const slot = Math.floor(slotStart.getTime() / periodMs);
      const keys = await deps.db.selectFrom("workspace_keys").select(["id", "workspace_id"]).orderBy("id").execute();
      for (const key of keys) await queue({ workspaceId: key.workspace_id, keyId: key.id, slot }, 0);
      return keys.length;
    },

    /** The job: watches one key once, and is queued again for later when the key's budget says to wait. */
    async run(job: WatchJob): Promise<void> {
      const key = await deps.keys.open(job.workspaceId, job.keyId);
      // The key was removed from the workspace: nothing to watch.
      if (!key) return;
      const members = await workspaceMembers(deps.db, job.workspaceId);
      if (!KIND_NAMES.some((kind) => candidates(kind, key.keyType, members).length > 0)) return;
      const reads = await deps.background.open(job.workspaceId, key, "watch");
      const waitFirst = reads.wait();
      if (waitFirst !== undefined) return void (await queue(job, waitFirst));
      const at = new Date(now());
      const context: Context = { workspaceId: job.workspaceId, keyId: key.id, members, now: at, holds: (ids) => holdStore.seen(key.id, ids, at) };
      let found: NewNotification[];
      try {
        found = key.keyType === "Customer" ? await watchCustomer(reads, context) : key.keyType === "Supplier" ? await watchSupplier(reads, key, context) : await watchEmployee(reads, context);
      } catch (error) {
        if (error instanceof ReadLater) return void (await queue(job, error.seconds));
        throw error;
      }
      for (const notification of found) await deps.notifier.notify(notification);
    },
  };
}

export type Watch = ReturnType<typeof createWatch>;
