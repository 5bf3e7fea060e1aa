import "server-only";
import { scheduleFallbackRequest, type ScheduleRecord, withSchedules } from "@/lib/domain/delivery/schedule-fallback";
import type { ScheduleCustomer, ScheduleRep, ScheduleState } from "@/lib/domain/delivery/schedule";
import type {
  InventoryInput,
  LocationInput,
  ProductInput,
  PurchaseLineV1Input,
  PurchaseV1Input,
  PurchaseV2Input,
  StateInput,
  VendorInput,
} from "@/lib/domain/replenishment/inputs";
import type { PlanInput } from "@/lib/domain/replenishment/plan";
import {
  ALL_PRODUCT_STATUSES,
  LINES_BATCH,
  OPEN_STATUSES_V1,
  OPEN_STATUSES_V2,
  PLAN_PAGES,
} from "@/lib/domain/replenishment/requests";
import type { BackgroundReads } from "../core/background/background-reads";
import type { NewNotification } from "../core/notify/notification-store";
import type { ActiveKey } from "../core/session";
import {
  creditNotifications,
  invoiceNotifications,
  type OpenInvoiceInput,
  type PaymentInput,
} from "./account-findings";
import { cutOffNotifications, holdNotifications, type SeenHold } from "./customer-findings";
import { list, pages, q } from "./paged-reads";
import { candidates, type WatchMember } from "./recipients";
import { belowCoverNotifications } from "./stock-findings";

/**
 * What one watch reads for each key type, and what it finds in it: only what the key's type may see, in lists of 500,
 * nothing for a kind no member could be told of.
 */

/** What a watch of one key knows besides its reads. */
export interface WatchContext {
  workspaceId: string;
  keyId: string;
  members: WatchMember[];
  now: Date;
  /** The hold store for this key: records the holds seen now and answers since when each is seen. */
  holds(customerIds: number[]): Promise<Map<number, string>>;
}

/** A v2 list's status when it is not offered by the service (then the plan counts v1's posted purchases). */
const V2_MISSING = new Set([404, 405, 501]);

/** The states' time zones, for days counted on a customer's clock. */
function zones(states: readonly StateInput[] | undefined): Map<string, string> {
  return new Map(
    (states ?? []).flatMap((s) =>
      s.StateAbbreviation && s.TimeZone ? [[s.StateAbbreviation, s.TimeZone] as const] : [],
    ),
  );
}

/**
 * A Customer key: its open invoices, its payments, its own accounts (holds, and the states their days are counted in)
 * and the states. Four requests for a retailer of up to 500 of each.
 *
 * @example
 * await watchCustomer(reads, context); // [{ kind: "invoice-overdue", title: "Invoice INV-101329 is overdue since Oct 5: $3,089.45 open", ... }, ...]
 */
export async function watchCustomer(reads: BackgroundReads, context: WatchContext): Promise<NewNotification[]> {
  const wants = (kind: Parameters<typeof candidates>[0]) => candidates(kind, "Customer", context.members).length > 0;
  const invoices =
    wants("invoice-due") || wants("invoice-overdue")
      ? await list<OpenInvoiceInput>(reads, "v1", `/payments/openInvoices?${q({ PageSize: "500" })}`, 4)
      : undefined;
  const payments = wants("credit-available")
    ? await list<PaymentInput>(reads, "v1", `/payments?${q({ PageSize: "500" })}`, 4)
    : undefined;
  const customers = await list<ScheduleCustomer & { OnHold?: boolean | null }>(
    reads,
    "v1",
    `/customers?${q({ PageSize: "500" })}`,
    2,
  );
  const states = invoices?.length
    ? await list<StateInput>(reads, "v1", `/states?${q({ PageSize: "500" })}`)
    : undefined;

  const stateOf = new Map(
    (customers ?? []).flatMap((c) =>
      typeof c.CustomerID === "number" && c.State ? [[c.CustomerID, c.State] as const] : [],
    ),
  );
  const zoneOf = zones(states);
  const account = {
    ...context,
    zoneOf: (id: number | undefined) => (id === undefined ? undefined : zoneOf.get(stateOf.get(id) ?? "")),
  };
  const found = [...invoiceNotifications(invoices ?? [], account), ...creditNotifications(payments ?? [], account)];
  if (customers) {
    const held = customers.filter((c) => c.OnHold === true && typeof c.CustomerID === "number");
    const since = await context.holds(held.map((c) => c.CustomerID!));
    found.push(
      ...holdNotifications(
        held.map((c) => ({
          customerId: c.CustomerID!,
          name: c.CustomerName ?? undefined,
          since: since.get(c.CustomerID!)!,
        })),
        { ...context, keyType: "Customer" },
      ),
    );
  }
  return found;
}

/**
 * A Supplier key: the replenishment plan of each of its suppliers, read as the plan page reads it (inventory, every
 * product, vendors, warehouses, states, open purchases with their lines): six requests for one supplier.
 *
 * @example
 * await watchSupplier(reads, key, context); // [{ kind: "below-cover", title: "6 products below target days of cover", ... }]
 */
export async function watchSupplier(
  reads: BackgroundReads,
  key: ActiveKey,
  context: WatchContext,
): Promise<NewNotification[]> {
  if (candidates("below-cover", "Supplier", context.members).length === 0) return [];
  const page = { PageSize: "500" };
  // The key's suppliers as its scope says, or (a scope that does not name them) as `/suppliers` answers it.
  const named = (key.scope.suppliers ?? []).map((s) => s.id);
  const suppliers = named.length
    ? named
    : ((await list<{ SupplierID?: number | null }>(reads, "v1", `/suppliers?${q(page)}`)) ?? []).flatMap((s) =>
        typeof s.SupplierID === "number" ? [s.SupplierID] : [],
      );
  if (suppliers.length === 0) return [];
  const locations = await list<LocationInput>(reads, "v1", `/locations?${q(page)}`);
  const states = await list<StateInput>(reads, "v1", `/states?${q(page)}`);
  const purchases = await openPurchases(reads);
  const plans: PlanInput[] = [];
  for (const supplier of suppliers) {
    const id = String(supplier);
    const inventory = await list<InventoryInput>(
      reads,
      "v1",
      `/inventory?${q({ SupplierIDs: id, ...page })}`,
      PLAN_PAGES.inventory,
    );
    const products = await list<ProductInput>(
      reads,
      "v1",
      `/products?${q({ SupplierIDs: id, Statuses: ALL_PRODUCT_STATUSES, ...page })}`,
      PLAN_PAGES.products,
    );
    const vendors = await list<VendorInput>(
      reads,
      "v1",
      `/vendors?${q({ SupplierIDs: id, ...page })}`,
      PLAN_PAGES.vendors,
    );
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
async function openPurchases(
  reads: BackgroundReads,
): Promise<Pick<PlanInput, "purchases" | "purchasesV1"> | undefined> {
  const v2 = await pages<PurchaseV2Input>(
    reads,
    "v2",
    `/purchases?${q({ statuses: OPEN_STATUSES_V2, include_transactions: "true", page_size: "500" })}`,
    PLAN_PAGES.purchases,
  );
  if ("records" in v2) return { purchases: v2.records };
  if (!V2_MISSING.has(v2.status)) return undefined;
  const posted = await list<PurchaseV1Input>(
    reads,
    "v1",
    `/purchases?${q({ Statuses: OPEN_STATUSES_V1, PageSize: "500" })}`,
    PLAN_PAGES.purchases,
  );
  if (!posted) return undefined;
  const ids = [...new Set(posted.flatMap((p) => (typeof p.PurchaseID === "number" ? [p.PurchaseID] : [])))].sort(
    (a, b) => a - b,
  );
  const lines: PurchaseLineV1Input[] = [];
  for (let start = 0; start < ids.length; start += LINES_BATCH) {
    const batch = await list<PurchaseLineV1Input>(
      reads,
      "v1",
      `/purchaseTrans?${q({ PurchaseIDs: ids.slice(start, start + LINES_BATCH).join(","), PageSize: "500" })}`,
      PLAN_PAGES.lines,
    );
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
 *
 * @example
 * await watchEmployee(reads, context); // [{ kind: "customer-on-hold", ... }, { kind: "delivery-cutoff", ... }] for the rep-linked members
 */
export async function watchEmployee(reads: BackgroundReads, context: WatchContext): Promise<NewNotification[]> {
  const repMembers = context.members.filter((m) => m.salesRepUserId !== null);
  if (repMembers.length === 0) return [];
  const reps = await list<ScheduleRep>(reads, "v1", `/salesReps?${q({ PageSize: "500" })}`);
  if (!reps) return [];
  const linked = new Set(repMembers.map((m) => m.salesRepUserId));
  const repsOf = new Map<number, number[]>();
  for (const rep of reps) {
    if (typeof rep.UserID !== "number" || !linked.has(rep.UserID)) continue;
    for (const c of rep.Customers ?? [])
      if (typeof c.CustomerID === "number") repsOf.set(c.CustomerID, [...(repsOf.get(c.CustomerID) ?? []), rep.UserID]);
  }
  const ids = [...repsOf.keys()].sort((a, b) => a - b);
  if (ids.length === 0) return [];
  let customers: (ScheduleCustomer & { OnHold?: boolean | null })[] | undefined = [];
  for (let start = 0; start < ids.length && customers; start += CUSTOMER_IDS_BATCH) {
    const batch = await list<ScheduleCustomer & { OnHold?: boolean | null }>(
      reads,
      "v1",
      `/customers?${q({ CustomerIDs: ids.slice(start, start + CUSTOMER_IDS_BATCH).join(","), PageSize: "500" })}`,
    );
    customers = batch ? [...customers, ...batch] : undefined;
  }
  if (!customers) return [];

  const held = customers.filter((c) => c.OnHold === true && typeof c.CustomerID === "number");
  const since = await context.holds(held.map((c) => c.CustomerID!));
  const holds: SeenHold[] = held.flatMap((c) =>
    (repsOf.get(c.CustomerID!) ?? []).map((rep) => ({
      customerId: c.CustomerID!,
      name: c.CustomerName ?? undefined,
      salesRepUserId: rep,
      since: since.get(c.CustomerID!)!,
    })),
  );
  const found = holdNotifications(holds, { ...context, keyType: "Employee" });

  if (candidates("delivery-cutoff", "Employee", context.members).length > 0) {
    const states = await list<ScheduleState>(reads, "v1", `/states?${q({ PageSize: "500" })}`);
    const fallback = scheduleFallbackRequest(customers, {});
    const schedules = fallback
      ? await list<ScheduleRecord>(reads, "v1", `/deliveryDays?${q({ ...fallback.query, PageSize: "500" })}`, 6)
      : [];
    if (states && schedules)
      found.push(
        ...cutOffNotifications(
          { customers: withSchedules(customers, schedules), states, reps },
          { ...context, keyType: "Employee" },
        ),
      );
  }
  return found;
}
