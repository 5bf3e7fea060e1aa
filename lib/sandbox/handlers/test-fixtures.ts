import type { Insertable, Kysely } from "kysely";
import { expect } from "vitest";
import { operations, type OperationId } from "@/lib/data-api/registry";
import { createSandboxApp } from "../app";
import { fixedClock } from "../clock";
import { migrateToLatest } from "../db/migrations";
import { openSandboxDatabase } from "../db/open";
import type { CustomerTable, Database, ProductTable, SupplierTable, UserTable } from "../db/schema";
import { storeKey, type NewKey } from "../keys";

/**
 * A small hand-made dataset for handler tests, independent of the seed generator: each test file inserts only the rows
 * its rules need, through builders that fill every other column with a plain default.
 */

export const NOW = "2026-11-21T18:00:00.000Z";
export const UPDATED = "2026-11-01T08:00:00.000Z";

export const state = (state: string, active: 0 | 1 = 1) => ({
  state,
  state_name: state,
  order_cut_off_time: "2:30 PM",
  time_zone: "America/Los_Angeles",
  order_cut_off_days_in_advance: "1",
  active,
  time_updated: UPDATED,
});

export const location = (location_id: number, state: string) => ({
  location_id,
  location: `Warehouse ${location_id}`,
  dba: "Distro",
  address: "1 Dock Rd",
  address2: null,
  address3: null,
  city: "Oakland",
  state,
  postal_code: "94607",
  time_updated: UPDATED,
});

export const supplier = (
  supplier_id: number,
  o: Partial<Insertable<SupplierTable>> = {},
): Insertable<SupplierTable> => ({
  supplier_id,
  supplier: `Supplier ${supplier_id}`,
  state: "CA",
  description: "A brand",
  brand_assets_url: `assets/suppliers/${supplier_id}/brand.zip`,
  supplier_website_url: "https://example.test",
  active: 1,
  time_updated: UPDATED,
  ...o,
});

export const product = (
  product_id: number,
  supplier_id: number,
  o: Partial<Insertable<ProductTable>> = {},
): Insertable<ProductTable> => ({
  product_id,
  supplier_id,
  product_name: `Product ${product_id}`,
  brand_id: supplier_id,
  brand_name: "Brand",
  brand_family: "Family",
  brand_style: "Style",
  product_type_id: 1,
  product_type_name: "Flower: Full Oz",
  product_group_id: 1,
  package_id: 1,
  package_name: "4/28g Pouch",
  unit_net_weight: "28g",
  wholesale_units_per_case: 10,
  svc_live_category_id: 1,
  svc_menu_category: "Flower",
  status_id: 1,
  description: "Flower",
  ingredients: "Cannabis",
  thumbnail_image_url: `assets/products/${product_id}/thumb.svg`,
  full_size_image_url: `assets/products/${product_id}/full.svg`,
  potency: "25%",
  potency_thc: null,
  blend: "Hybrid",
  strain_name: null,
  strain_id: null,
  flavor: "Pine",
  state: "CA",
  supplier_product_number: "N/A",
  is_sample: 0,
  case_only: 0,
  min_order_units: 1,
  unit_price_micros: 10_000_000,
  time_updated: UPDATED,
  ...o,
});

export const customer = (
  customer_id: number,
  o: Partial<Insertable<CustomerTable>> = {},
): Insertable<CustomerTable> => ({
  customer_id,
  location_id: 1,
  ar_account_id: customer_id + 50_000,
  customer_name: `Store ${customer_id}`,
  customer_name_alt: "",
  chain_name: "",
  license_num: `C10-${customer_id}`,
  address: "2 Main St",
  state: "CA",
  sales_rep_user_id: 0,
  delivery_minimum: 500,
  profile_picture_url: `assets/customers/${customer_id}.svg`,
  collection_agent_full_name: null,
  collection_agent_email: null,
  on_hold: 0,
  delivery_days: "25",
  account_status: "Active",
  time_updated: UPDATED,
  ...o,
});

export const user = (
  user_id: number,
  role: UserTable["role"],
  o: Partial<Insertable<UserTable>> = {},
): Insertable<UserTable> => ({
  user_id,
  site_user_id: user_id + 9000,
  user_active: 1,
  svc_live_access: 1,
  power_user: 0,
  email: `user${user_id}@example.test`,
  full_name: `User ${user_id}`,
  role,
  job_title: null,
  department: null,
  ...o,
});

/** The base of every fixture: states CA and NV, warehouses 1 and 2 in CA and 3 in NV, suppliers 10 and 20 (CA) and 30 (NV). */
async function insertBase(db: Kysely<Database>) {
  await db
    .insertInto("states")
    .values([state("CA"), state("NV")])
    .execute();
  await db
    .insertInto("locations")
    .values([location(1, "CA"), location(2, "CA"), location(3, "NV")])
    .execute();
  await db
    .insertInto("suppliers")
    .values([supplier(10), supplier(20), supplier(30, { state: "NV" })])
    .execute();
}

/** An empty in-memory database at the newest schema, for tests that insert exactly the rows they need. */
export async function migratedDatabase(): Promise<Kysely<Database>> {
  const db = openSandboxDatabase(":memory:");
  await migrateToLatest(db);
  return db;
}

export type KeySpec = Omit<NewKey, "createdAt" | "userId"> & { userId?: number };

/**
 * An in-memory sandbox with the base rows and the given keys (name → scope), serving the `test` environment through
 * the real app. `get` answers status and parsed body.
 */
export async function openFixture<K extends string>(keys: Record<K, KeySpec>) {
  const db = openSandboxDatabase(":memory:");
  const production = openSandboxDatabase(":memory:");
  await Promise.all([migrateToLatest(db), migrateToLatest(production)]);
  await insertBase(db);
  const key = {} as Record<K, string>;
  for (const [name, spec] of Object.entries(keys) as [K, KeySpec][]) {
    key[name] = await storeKey(db, "test", { userId: 1, ...spec, createdAt: UPDATED }, `test-${name}`);
  }
  const app = createSandboxApp({
    databases: { test: db, production },
    clock: fixedClock(NOW),
    operatorKey: "fixture-operator-key-0123456789",
  });
  async function get(path: string, as: K) {
    const res = await app.request(`/test/api/v1${path}`, { headers: { "x-api-key": key[as] } });
    return { status: res.status, body: (await res.json()) as Body };
  }
  const close = () => Promise.all([db.destroy(), production.destroy()]);
  return { db, get, close };
}

/** A parsed answer: the list envelope, or an error body. */
export interface Body {
  Data: Record<string, unknown>[];
  Page: number;
  PageSize: number;
  HasNextPage: boolean;
  Error?: unknown;
}

/** Checks a body against the operation's documented envelope schema; a failure lists the schema's issues. */
export function expectDocumented(id: OperationId, body: unknown) {
  const parsed = operations[id].responseDoc!.safeParse(body);
  expect(parsed.success ? [] : parsed.error.issues, `${id} answers its documented schema`).toEqual([]);
}

/** One field of every record of a page, in order. */
export const column = (body: Body, field: string) => body.Data.map((r) => r[field]);
