import type {
  RepProductGroupTable,
  RepSupplierTable,
  UserCustomerTable,
  UserLocationTable,
  UserStateTable,
  UserSupplierTable,
  UserTable,
} from "../db/schema";
import { type SeedContext, scaled } from "./context";
import {
  CUSTOMER_DEPARTMENTS,
  CUSTOMER_TITLES,
  FIRST_NAMES,
  LAST_NAMES,
  SUPPLIER_DEPARTMENTS,
  SUPPLIER_TITLES,
} from "./names";
import type { Warehouse } from "./places";
import { PRODUCT_GROUPS } from "./product-types";
import type { SupplierInfo } from "./suppliers";

export const FIRST_USER_ID = 1001;
/** The distributor's own e-mail domain. */
export const STAFF_DOMAIN = "svc-distribution.example";

/** The users and their junction rows, filled in by several modules (staff first, then suppliers', then customers'). */
export interface UserRows {
  users: UserTable[];
  user_states: UserStateTable[];
  user_customers: UserCustomerTable[];
  user_suppliers: UserSupplierTable[];
  user_locations: UserLocationTable[];
  rep_product_groups: RepProductGroupTable[];
  rep_suppliers: RepSupplierTable[];
  emails: Set<string>;
}

export interface Staff {
  /** The demo Employee key's user: the operations manager. */
  manager: UserTable;
  /** Accounts-receivable clerks: they apply payments in the ERP and act as collection agents. */
  arClerks: UserTable[];
  purchasing: UserTable;
  territoryManagers: { user: UserTable; states: string[] }[];
  supplierReps: { user: UserTable; supplierIds: number[] }[];
}

export function emptyUserRows(): UserRows {
  return {
    users: [],
    user_states: [],
    user_customers: [],
    user_suppliers: [],
    user_locations: [],
    rep_product_groups: [],
    rep_suppliers: [],
    emails: new Set(),
  };
}

interface NewUser {
  role: UserTable["role"];
  domain: string;
  active?: boolean;
  jobTitle?: string | null;
  department?: string | null;
  power?: boolean;
  access?: boolean;
}

/** Adds a user with a made-up name and a unique e-mail at `domain`. */
export function addUser(ctx: SeedContext, rows: UserRows, spec: NewUser): UserTable {
  const { rng } = ctx;
  const first = rng.pick(FIRST_NAMES);
  const last = rng.pick(LAST_NAMES);
  let email = `${first}.${last}@${spec.domain}`.toLowerCase();
  for (let n = 2; rows.emails.has(email); n++) email = `${first}.${last}${n}@${spec.domain}`.toLowerCase();
  rows.emails.add(email);
  const id = FIRST_USER_ID + rows.users.length;
  const retailer = spec.role === "Customer";
  const user: UserTable = {
    user_id: id,
    site_user_id: 70000 + id,
    user_active: spec.active === false ? 0 : 1,
    svc_live_access: spec.access === false ? 0 : 1,
    power_user: spec.power ? 1 : 0,
    email,
    full_name: `${first} ${last}`,
    role: spec.role,
    // Many users have neither, as on the live service.
    job_title:
      spec.jobTitle === undefined
        ? rng.chance(0.5)
          ? null
          : rng.pick(retailer ? CUSTOMER_TITLES : SUPPLIER_TITLES)
        : spec.jobTitle,
    department:
      spec.department === undefined
        ? rng.chance(0.55)
          ? null
          : rng.pick(retailer ? CUSTOMER_DEPARTMENTS : SUPPLIER_DEPARTMENTS)
        : spec.department,
  };
  rows.users.push(user);
  return user;
}

function addStates(rows: UserRows, user: UserTable, states: readonly string[]): void {
  for (const state of [...new Set(states)].sort()) rows.user_states.push({ user_id: user.user_id, state });
}

function addLocations(rows: UserRows, user: UserTable, warehouses: Warehouse[], states: readonly string[]): void {
  for (const w of warehouses)
    if (states.includes(w.row.state))
      rows.user_locations.push({ user_id: user.user_id, location_id: w.row.location_id });
}

/** Admins (a few, one inactive) and DistributorReps: Territory Managers per state and Supplier Reps over the active brands. */
export function seedStaff(
  ctx: SeedContext,
  rows: UserRows,
  states: string[],
  warehouses: Warehouse[],
  suppliers: SupplierInfo[],
): Staff {
  const { rng } = ctx;
  const admin = (jobTitle: string | null, department: string | null, active = true) =>
    addUser(ctx, rows, { role: "Admin", domain: STAFF_DOMAIN, jobTitle, department, active, power: active });
  const manager = admin("Operations Manager", "Operations");
  const arClerks = [admin("Accounts Receivable Specialist", "Finance"), admin("Collections Specialist", null)];
  const purchasing = admin("Purchasing Coordinator", "Purchasing");
  admin(null, null, false);
  for (const user of rows.users) addStates(rows, user, states);

  const territoryManagers: Staff["territoryManagers"] = [];
  const tmCount = Math.max(states.length + 1, scaled(ctx, 8, 0));
  for (let i = 0; i < tmCount; i++) {
    const user = addUser(ctx, rows, {
      role: "DistributorRep",
      domain: STAFF_DOMAIN,
      jobTitle: rng.chance(0.7) ? "Territory Manager" : null,
      department: rng.chance(0.5) ? "Sales" : null,
    });
    const home = states[i % states.length] as string;
    const territory =
      rng.chance(0.2) && states.length > 1 ? [home, rng.pick(states.filter((s) => s !== home))] : [home];
    addStates(rows, user, territory);
    addLocations(rows, user, warehouses, territory);
    for (const group of rng.sample(PRODUCT_GROUPS, rng.int(1, 3)).sort())
      rows.rep_product_groups.push({ user_id: user.user_id, product_group: group });
    territoryManagers.push({ user, states: territory });
  }

  const supplierReps: Staff["supplierReps"] = [];
  const repCount = scaled(ctx, 4, 2);
  const active = suppliers.filter((s) => s.row.active === 1);
  for (let i = 0; i < repCount; i++) {
    const user = addUser(ctx, rows, {
      role: "DistributorRep",
      domain: STAFF_DOMAIN,
      jobTitle: rng.chance(0.6) ? "Supplier Rep" : null,
      department: rng.chance(0.5) ? "Brand Partnerships" : null,
    });
    const covered = active.filter((_, k) => k % repCount === i);
    const repStates = covered.flatMap((s) => s.states);
    addStates(rows, user, repStates.length ? repStates : states);
    addLocations(rows, user, warehouses, repStates);
    rows.rep_product_groups.push({ user_id: user.user_id, product_group: "Supplier" });
    for (const s of covered) rows.rep_suppliers.push({ user_id: user.user_id, supplier_id: s.row.supplier_id });
    supplierReps.push({ user, supplierIds: covered.map((s) => s.row.supplier_id) });
  }
  return { manager, arClerks, purchasing, territoryManagers, supplierReps };
}

/** 1 to 3 users per supplier; the first is active unless the supplier is not. Returns each supplier's users. */
export function seedSupplierUsers(
  ctx: SeedContext,
  rows: UserRows,
  suppliers: SupplierInfo[],
): Map<number, UserTable[]> {
  const { rng } = ctx;
  const bySupplier = new Map<number, UserTable[]>();
  for (const s of suppliers) {
    const users: UserTable[] = [];
    const count = s === suppliers[0] ? 2 : rng.int(1, 3);
    for (let i = 0; i < count; i++) {
      const active = s.row.active === 1 && (i === 0 || !rng.chance(0.15));
      const user = addUser(ctx, rows, {
        role: "Supplier",
        domain: `${s.slug}.example`,
        active,
        access: rng.chance(0.7),
      });
      addStates(rows, user, s.states);
      rows.user_suppliers.push({ user_id: user.user_id, supplier_id: s.row.supplier_id });
      users.push(user);
    }
    bySupplier.set(s.row.supplier_id, users);
  }
  return bySupplier;
}

/** A Customer-role user linked to the given stores (one store, or a whole chain). */
export function addCustomerUser(
  ctx: SeedContext,
  rows: UserRows,
  domain: string,
  customers: { customer_id: number; state: string }[],
  active: boolean,
): UserTable {
  const user = addUser(ctx, rows, { role: "Customer", domain, active, access: ctx.rng.chance(0.6) });
  addStates(
    rows,
    user,
    customers.map((c) => c.state),
  );
  for (const c of customers) rows.user_customers.push({ user_id: user.user_id, customer_id: c.customer_id });
  return user;
}
