import type { Insertable } from "kysely";
import type { Database } from "../db/schema";
import { seedAllocations, seedRetailerInventory } from "./allocations";
import type { SeedContext } from "./context";
import { seedCustomerCreditTerms, seedCustomers } from "./customers";
import { brandShelves } from "./demo-history";
import { type DemoScopes, demoScopes } from "./demo-keys";
import { planDemoStock } from "./demo-stock";
import { seedInventory } from "./inventory";
import { buildStock } from "./invoice-lines";
import { seedInvoices } from "./invoices";
import { customerQuirks, genericBrandCredits, neverCountedShelves, openEndedPromotions } from "./live-quirks";
import { finishPayments, seedPaymentTypes } from "./payment-model";
import { seedRequests } from "./payment-requests";
import { ensureBrandCredits, simulatePayments } from "./payments";
import { seedCreditTerms, seedPlaces } from "./places";
import { seedCategories } from "./product-types";
import { seedProducts } from "./products";
import { promotionsBySupplier, seedPromotions } from "./promotions";
import { seedDraftOrders } from "./purchase-orders";
import { seedPurchases } from "./purchases";
import { seedSupplierCreditTerms, seedSuppliers, supplierProductGroups } from "./suppliers";
import { assignTerritories } from "./territories";
import { emptyUserRows, seedStaff, seedSupplierUsers } from "./users";
import { seedVendors } from "./vendors";

/**
 * The seed's version. Raise it whenever the generator changes what it writes: an environment seeded by another
 * version is started afresh (see runtime.ts), so no database keeps serving data the code no longer makes.
 */
export const SEED_VERSION = "7";

/**
 * The oldest seed version whose data a data directory keeps: a change that only redraws what an existing environment
 * can go on serving (version 7 gave the reps territories) leaves a sandbox's data, and the writes made to it, in place
 * until the operator resets it or the sandbox starts with `--reset`; an older one is seeded afresh.
 */
export const OLDEST_KEPT_SEED_VERSION = "6";

export type TableRows = { [T in keyof Database]?: Insertable<Database[T]>[] };

/**
 * Builds every row in memory, in a fixed order, drawing from the context's one generator: the same environment,
 * clock and scale always give the same rows. Nothing here touches the database.
 */
export function generate(ctx: SeedContext): { tables: TableRows; demo: DemoScopes } {
  const { states, warehouses } = seedPlaces(ctx);
  const stateCodes = states.map((s) => s.state);
  const suppliers = seedSuppliers(ctx, stateCodes);
  const supplierTerms = seedSupplierCreditTerms(ctx, suppliers);
  const products = seedProducts(ctx, suppliers);

  const users = emptyUserRows();
  const staff = seedStaff(ctx, users, stateCodes, warehouses, suppliers);
  const supplierUsers = seedSupplierUsers(ctx, users, suppliers);
  const { customers, demo } = seedCustomers(ctx, users, stateCodes, warehouses, staff);
  // Before the invoices, which name the rep who built them; it draws nothing from the seed's stream.
  assignTerritories(ctx, users, staff, warehouses, customers);
  const demoIds = new Set(demo.customers.map((c) => c.row.customer_id));

  const promotions = seedPromotions(ctx, suppliers, products);
  const vendors = seedVendors(ctx, suppliers, warehouses);
  const purchases = seedPurchases(
    ctx,
    suppliers,
    products,
    vendors.vendors,
    supplierTerms.primary,
    staff.purchasing.user_id,
  );
  const stock = buildStock(
    products,
    purchases.layers,
    warehouses.map((w) => w.row.location_id),
  );
  const demoSupplier = suppliers[0];
  if (!demoSupplier) throw new Error("seed: no supplier");
  const demoStock = planDemoStock({
    supplierId: demoSupplier.row.supplier_id,
    warehouses,
    stock,
    vendors: vendors.vendors,
    pickupDays: vendors.pickupDays,
    purchases: purchases.purchases,
    purchaseLines: purchases.lines,
  });
  const invoices = seedInvoices(
    ctx,
    customers,
    demoIds,
    stock,
    promotionsBySupplier(promotions.promotions),
    staff,
    demoSupplier.row.supplier_id,
    demoStock,
  );

  const boughtFrom = suppliersBoughtFrom(invoices);

  const paymentTypes = seedPaymentTypes(ctx, suppliers);
  const drafts = simulatePayments(ctx, staff, customers, invoices.invoices, paymentTypes.bySupplier);
  ensureBrandCredits(ctx, staff, drafts, invoices.invoices, demoSupplier.row.supplier_id, paymentTypes.bySupplier);
  seedRequests(ctx, staff, drafts, invoices.invoices, demo.customers);
  const payments = finishPayments(ctx, drafts);

  const allocations = seedAllocations(ctx, customers, stock, demoSupplier.row.supplier_id);
  const byId = new Map(customers.map((c) => [c.row.customer_id, c]));
  const inventory = seedInventory(
    ctx,
    warehouses,
    stock,
    purchases.receivedUnits,
    invoices,
    byId,
    allocations.rows,
    allocations.restricted,
    demoStock,
  );

  const retailerInventory = seedRetailerInventory(ctx, customers, invoices);
  brandShelves(ctx, retailerInventory, customers, invoices.brand);
  const customerCreditTerms = seedCustomerCreditTerms(ctx, customers, boughtFrom);
  const supplierUser = supplierUsers.get(demoSupplier.row.supplier_id)?.[0];
  if (!supplierUser) throw new Error("seed: the demo supplier has no user");
  // Last, so the randomness of everything before is what it was without them.
  const draftOrders = seedDraftOrders(
    ctx,
    demoSupplier,
    vendors.vendors,
    products,
    purchases.purchases,
    purchases.lines,
    supplierUser.user_id,
  );

  // The live service's quirks, laid over what was drawn without drawing (live-quirks.ts): the stream stays as it was.
  layLiveQuirks(
    ctx,
    { customers, demoIds, demoCustomers: demo.customers, retailerInventory, products, promotions, payments },
    demoSupplier.row.supplier_id,
  );

  const tables = tableRows(ctx, {
    states,
    warehouses,
    suppliers,
    supplierTerms,
    products,
    users,
    customers,
    customerCreditTerms,
    promotions,
    vendors,
    purchases,
    draftOrders,
    invoices,
    paymentTypes,
    payments,
    allocations,
    inventory,
    retailerInventory,
  });
  return {
    tables,
    demo: demoScopes(staff.manager.user_id, demo.customers, demo.user.user_id, demoSupplier, supplierUser.user_id),
  };
}

/** What the seed drew, as the tables take it. */
interface SeedParts {
  states: ReturnType<typeof seedPlaces>["states"];
  warehouses: ReturnType<typeof seedPlaces>["warehouses"];
  suppliers: ReturnType<typeof seedSuppliers>;
  supplierTerms: ReturnType<typeof seedSupplierCreditTerms>;
  products: ReturnType<typeof seedProducts>;
  users: ReturnType<typeof emptyUserRows>;
  customers: ReturnType<typeof seedCustomers>["customers"];
  customerCreditTerms: ReturnType<typeof seedCustomerCreditTerms>;
  promotions: ReturnType<typeof seedPromotions>;
  vendors: ReturnType<typeof seedVendors>;
  purchases: ReturnType<typeof seedPurchases>;
  draftOrders: ReturnType<typeof seedDraftOrders>;
  invoices: ReturnType<typeof seedInvoices>;
  paymentTypes: ReturnType<typeof seedPaymentTypes>;
  payments: ReturnType<typeof finishPayments>;
  allocations: ReturnType<typeof seedAllocations>;
  inventory: ReturnType<typeof seedInventory>;
  retailerInventory: ReturnType<typeof seedRetailerInventory>;
}

/** Every table's rows from what was drawn; the credit terms and categories are drawn here, last. */
function tableRows(ctx: SeedContext, parts: SeedParts): TableRows {
  return {
    sandbox_meta: [
      { key: "seed_version", value: SEED_VERSION },
      { key: "seeded_at", value: ctx.nowIso },
      { key: "scale", value: String(ctx.scale) },
      { key: "env", value: ctx.env },
    ],
    states: parts.states,
    locations: parts.warehouses.map((w) => w.row),
    credit_terms: seedCreditTerms(ctx),
    product_categories: seedCategories(ctx),
    suppliers: parts.suppliers.map((s) => s.row),
    supplier_product_groups: supplierProductGroups(parts.suppliers),
    supplier_credit_terms: parts.supplierTerms.rows,
    products: parts.products.map((p) => p.row),
    users: parts.users.users,
    user_states: parts.users.user_states,
    user_customers: parts.users.user_customers,
    user_suppliers: parts.users.user_suppliers,
    user_locations: parts.users.user_locations,
    rep_product_groups: parts.users.rep_product_groups,
    rep_suppliers: parts.users.rep_suppliers,
    customers: parts.customers.map((c) => c.row),
    customer_credit_terms: parts.customerCreditTerms,
    promotions: parts.promotions.promotions.map((p) => p.row),
    promotion_states: parts.promotions.promotionStates,
    promotion_products: parts.promotions.promotionProducts,
    menu_promotions: parts.promotions.menuPromotions,
    vendors: parts.vendors.vendors,
    vendor_pickup_days: parts.vendors.pickupDays,
    purchases: [...parts.purchases.purchases, ...parts.draftOrders.purchases],
    purchase_lines: parts.purchases.lines,
    draft_lines: parts.draftOrders.lines,
    invoices: parts.invoices.invoices.map((i) => i.row),
    invoice_lines: parts.invoices.lines,
    invoice_supplier_totals: parts.invoices.supplierTotals,
    payment_types: parts.paymentTypes.rows,
    payments: parts.payments.payments,
    payment_applications: parts.payments.applications,
    allocations: parts.allocations.rows,
    inventory: parts.inventory.rows,
    inventory_batches: parts.inventory.batches,
    retailer_inventory: parts.retailerInventory,
  };
}

/** The suppliers each customer bought from. */
function suppliersBoughtFrom(invoices: ReturnType<typeof seedInvoices>): Map<number, Set<number>> {
  const boughtFrom = new Map<number, Set<number>>();
  // Unwritten lines count: the customer has terms with the brand all the same, and the draws stay as they were.
  for (const line of [...invoices.lines, ...invoices.unwritten]) {
    const set = boughtFrom.get(line.customer_id) ?? new Set<number>();
    set.add(line.supplier_id);
    boughtFrom.set(line.customer_id, set);
  }
  return boughtFrom;
}

/** The live service's quirks laid over the rows drawn, drawing nothing. */
function layLiveQuirks(
  ctx: SeedContext,
  parts: Pick<SeedParts, "customers" | "retailerInventory" | "products" | "promotions" | "payments"> & {
    demoIds: Set<number>;
    demoCustomers: ReturnType<typeof seedCustomers>["demo"]["customers"];
  },
  demoSupplierId: number,
): void {
  const demoCustomerIds = parts.demoCustomers.map((c) => c.row.customer_id);
  customerQuirks(parts.customers, parts.demoIds);
  neverCountedShelves(
    parts.retailerInventory,
    new Map(parts.products.map((p) => [p.row.product_id, p.row.supplier_id])),
    { customerIds: demoCustomerIds, supplierId: demoSupplierId },
    ctx.syncStamp,
  );
  openEndedPromotions(parts.promotions.promotions, parts.products, ctx.today, parts.demoCustomers[0].row.state);
  genericBrandCredits(parts.payments.payments);
}
