/**
 * What a brand's public menu may hold, and nothing else: the one filter between the Data API's records and
 * the snapshot the public page is drawn from. An allow-list built field by field, so a field the API adds tomorrow (a
 * price, a customer's, another brand's) never reaches it: no price of any kind, no key, nothing of another supplier.
 * Pure: the server's snapshot and its tests use it.
 */

import { INVENTORY_BUCKETS } from "@/lib/data-api/values";

/** An availability bucket of `/availableInventory` (the contract's list, most first). */
export type InventoryBucket = (typeof INVENTORY_BUCKETS)[number];

export interface PublicAvailability {
  warehouse: string;
  bucket: InventoryBucket;
}

export interface PublicProduct {
  id: number;
  name: string;
  category?: string;
  state?: string;
  potency?: string;
  blend?: string;
  pack?: string;
  netWeight?: string;
  caseSize?: number;
  description?: string;
  imageUrl?: string;
  availability: PublicAvailability[];
}

export interface PublicPromotion {
  name: string;
  state?: string;
  startDate?: string;
  endDate?: string;
}

/** The snapshot of a brand's menu: what every one of its links is drawn from. */
export interface MenuSnapshot {
  brand: string;
  madeAt: string;
  products: PublicProduct[];
  promotions: PublicPromotion[];
}

/** The records read for a snapshot, as the API answered them (every field optional, unknown ones present). */
export interface MenuRecords {
  /** The key's own suppliers: records of any other are dropped. */
  supplierIds: readonly number[];
  products: readonly Record<string, unknown>[];
  inventory: readonly Record<string, unknown>[];
  promotions: readonly Record<string, unknown>[];
  locations: readonly Record<string, unknown>[];
}

const text = (value: unknown, max = 2000): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim().slice(0, max) : undefined;
const id = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isSafeInteger(value) ? value : undefined;
const day = (value: unknown): string | undefined =>
  typeof value === "string" && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
/**
 * An image's address: https; or the embedded sandbox's asset, as its path on this origin (a background read names it
 * on Backroom's internal host); never another scheme.
 */
const imageUrl = (value: unknown): string | undefined => {
  const url = text(value, 1000);
  if (!url || /[\s"'<>]/.test(url)) return undefined;
  const sandboxAsset = /^https?:\/\/[^/]+(\/sandbox\/(test|production)\/assets\/.+)$/.exec(url);
  if (sandboxAsset) return sandboxAsset[1];
  return /^https:\/\/[^/]+\/.*$/i.test(url) ? url : undefined;
};
const isBucket = (value: unknown): value is InventoryBucket =>
  typeof value === "string" && (INVENTORY_BUCKETS as readonly string[]).includes(value);

/** Drops the keys whose value is undefined (JSON would anyway; the tests compare keys). */
function defined<T extends object>(record: T): T {
  return Object.fromEntries(Object.entries(record).filter(([, v]) => v !== undefined)) as T;
}

/**
 * The public snapshot of a brand's menu: its active products (the key's suppliers' only) with their availability per
 * warehouse, and its promotions current on `today`, sorted for reading.
 *
 * @example
 * publicSnapshot({ supplierIds: [7], products, inventory, promotions, locations }, "2026-11-26T06:00:00.000Z");
 */
export function publicSnapshot(records: MenuRecords, madeAt: string): MenuSnapshot {
  const ours = (record: Record<string, unknown>) => {
    const supplier = id(record.SupplierID);
    return supplier !== undefined && records.supplierIds.includes(supplier);
  };
  const warehouses = new Map<number, string>();
  for (const location of records.locations) {
    const locationId = id(location.LocationID);
    const name = text(location.Location, 100) ?? text(location.DBA, 100) ?? text(location.City, 100);
    if (locationId !== undefined && name) warehouses.set(locationId, name);
  }
  const products = records.products.filter((p) => ours(p) && (p.StatusID === undefined || p.StatusID === 1));
  const kept = new Set(products.map((p) => id(p.ProductID)).filter((v) => v !== undefined));
  const availability = new Map<number, PublicAvailability[]>();
  for (const row of records.inventory) {
    const productId = id(row.ProductID);
    const locationId = id(row.LocationID);
    if (productId === undefined || !kept.has(productId) || locationId === undefined || !isBucket(row.InventoryBucket))
      continue;
    const list = availability.get(productId) ?? [];
    list.push({ warehouse: warehouses.get(locationId) ?? `Warehouse ${locationId}`, bucket: row.InventoryBucket });
    availability.set(productId, list);
  }
  const brand =
    text(products.find((p) => text(p.BrandName))?.BrandName, 100) ??
    text(products.find((p) => text(p.Supplier))?.Supplier, 100) ??
    "Menu";
  return {
    brand,
    madeAt,
    products: products
      .flatMap((p): PublicProduct[] => {
        const productId = id(p.ProductID);
        const name = text(p.ProductName, 200);
        if (productId === undefined || !name) return [];
        const caseSize = id(p.WholesaleUnitsPerCase);
        return [
          defined({
            id: productId,
            name,
            category: text(p.ProductTypeName, 100),
            state: text(p.State, 2),
            potency: text(p.Potency, 100),
            blend: text(p.Blend, 50),
            pack: text(p.PackageName, 100),
            netWeight: text(p.UnitNetWeight, 50),
            caseSize: caseSize !== undefined && caseSize > 0 ? caseSize : undefined,
            description: text(p.Description),
            imageUrl: imageUrl(p.FullSizeImageURL) ?? imageUrl(p.ThumbnailImageURL),
            availability: (availability.get(productId) ?? []).sort((a, b) => a.warehouse.localeCompare(b.warehouse)),
          }),
        ];
      })
      .sort((a, b) => (a.category ?? "").localeCompare(b.category ?? "") || a.name.localeCompare(b.name)),
    promotions: records.promotions
      .filter(ours)
      .flatMap((p): PublicPromotion[] => {
        const name = text(p.Description, 200);
        return name
          ? [defined({ name, state: text(p.State, 2), startDate: day(p.StartDate), endDate: day(p.EndDate) })]
          : [];
      })
      .sort((a, b) => (a.startDate ?? "").localeCompare(b.startDate ?? "") || a.name.localeCompare(b.name)),
  };
}

/** What one link shows of its brand's snapshot: its states and categories (empty: all). */
export function menuOf(
  snapshot: MenuSnapshot,
  link: { states: readonly string[]; categories: readonly string[] },
): MenuSnapshot {
  const inState = (state: string | undefined) =>
    link.states.length === 0 || (state !== undefined && link.states.includes(state));
  return {
    ...snapshot,
    products: snapshot.products.filter(
      (p) =>
        inState(p.state) &&
        (link.categories.length === 0 || (p.category !== undefined && link.categories.includes(p.category))),
    ),
    promotions: snapshot.promotions.filter((p) => inState(p.state)),
  };
}

/** The categories and states a snapshot holds, for the form that makes a link. */
export function snapshotChoices(snapshot: MenuSnapshot): { states: string[]; categories: string[] } {
  const states = new Set<string>();
  const categories = new Set<string>();
  for (const p of snapshot.products) {
    if (p.state) states.add(p.state);
    if (p.category) categories.add(p.category);
  }
  return { states: [...states].sort(), categories: [...categories].sort() };
}

/** A product as the public menu shows it: one card for the product, however many states it is listed in. */
export interface MenuItem {
  /** Its listings' ids, one a state, in the menu's order. */
  ids: number[];
  name: string;
  category?: string;
  potency?: string;
  blend?: string;
  pack?: string;
  netWeight?: string;
  caseSize?: number;
  description?: string;
  imageUrl?: string;
  /** The states its listings ship to, sorted; empty when the API names none. */
  states: string[];
  /** Each listing's availability per warehouse, with the listing's state: by state, then warehouse. */
  availability: (PublicAvailability & { state?: string })[];
}

/**
 * What makes listings one product: everything its card says but the state, the image and the availability. Joined, not
 * JSON: the grouping runs on every view of the page, and JSON keys and object spreads made it four times slower.
 */
const productOf = (p: PublicProduct) =>
  [p.name, p.category, p.potency, p.blend, p.pack, p.netWeight, p.caseSize, p.description].join("\u0000");

/**
 * The menu's products, each once. The API lists a product once per state it sells in (each listing its own id, state
 * and image, the rest alike): those listings are one card that names the states it ships to and each state's
 * warehouses. Listings that differ in anything else the card says stay apart, so a card never says what one of them is
 * not. In the order given (the snapshot's: category, then name), each where its first listing was.
 *
 * @example
 * menuItems([{ id: 1, name: "Mint Bar", state: "CA", availability: [] }, { id: 2, name: "Mint Bar", state: "NV", availability: [] }]);
 * // [{ ids: [1, 2], name: "Mint Bar", states: ["CA", "NV"], availability: [] }]
 */
export function menuItems(products: readonly PublicProduct[]): MenuItem[] {
  const items = new Map<string, MenuItem>();
  for (const product of products) {
    const { id: productId, state, imageUrl: image, availability } = product;
    const key = productOf(product);
    let item = items.get(key);
    if (!item) {
      const { name, category, potency, blend, pack, netWeight, caseSize, description } = product;
      item = defined({
        name,
        category,
        potency,
        blend,
        pack,
        netWeight,
        caseSize,
        description,
        ids: [],
        states: [],
        availability: [],
      });
      items.set(key, item);
    }
    item.ids.push(productId);
    if (state && !item.states.includes(state)) item.states.push(state);
    if (image && !item.imageUrl) item.imageUrl = image;
    for (const a of availability)
      item.availability.push(state ? { warehouse: a.warehouse, bucket: a.bucket, state } : a);
  }
  // A listing's rows come sorted by warehouse (`publicSnapshot`), and the sort is stable: by state is enough.
  const byState = (a: { state?: string }, b: { state?: string }) =>
    (a.state ?? "") < (b.state ?? "") ? -1 : (a.state ?? "") > (b.state ?? "") ? 1 : 0;
  for (const item of items.values()) {
    item.states.sort();
    item.availability.sort(byState);
  }
  return [...items.values()];
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase();

/**
 * The products a search finds: each word of `q` in the product's name, category, potency, blend, pack, net weight,
 * description or states (case and accents ignored); every product when `q` is blank.
 *
 * @example
 * searchMenu(items, "mint nv"); // the mint products that ship to Nevada
 */
export function searchMenu(items: readonly MenuItem[], q: string): MenuItem[] {
  const words = fold(q).split(/\s+/).filter(Boolean);
  if (!words.length) return [...items];
  return items.filter((item) => {
    const text = fold(
      [item.name, item.category, item.potency, item.blend, item.pack, item.netWeight, item.description, ...item.states]
        .filter(Boolean)
        .join(" "),
    );
    return words.every((w) => text.includes(w));
  });
}
