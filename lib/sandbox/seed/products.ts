import type { ProductTable } from "../db/schema";
import { businessStamp, dayFromToday, dollars, type SeedContext, scaled } from "./context";
import { STRAINS, TERPENE_NOTES } from "./names";
import { categoryName, GROUP_CODES, type ProductType, productGroupId, typesOfGroup } from "./product-types";
import type { SupplierInfo } from "./suppliers";

export const FIRST_PRODUCT_ID = 10001;
const FIRST_PACKAGE_ID = 201;
const FIRST_STRAIN_ID = 501;

export interface ProductInfo {
  row: ProductTable;
  type: ProductType;
  /** Relative sales rate, 0.2 to 1. */
  popularity: number;
}

/** Status mix: mostly Active, every other status present. */
const STATUS_WEIGHTS: [number, number][] = [
  [1, 70],
  [0, 12],
  [2, 4],
  [3, 4],
  [4, 5],
  [5, 5],
];
const BRAND_FAMILIES = ["Reserve", "Classic", "Select", "Craft", "Everyday", "Private Stock"] as const;
const BRAND_STYLES = ["Premium", "Value", "Craft", "Mid-Tier"] as const;

function roundQuarter(amount: number): number {
  return Math.round(amount * 4) / 4;
}

/**
 * About 800 products. A supplier's base SKUs are listed once per state it sells in, sharing the supplier product
 * number: that, plus a few junk numbers ("N/A", "0"), is why the number is never unique.
 */
export function seedProducts(ctx: SeedContext, suppliers: SupplierInfo[]): ProductInfo[] {
  const { rng } = ctx;
  const total = scaled(ctx, 800, 40);
  const weightSum = suppliers.reduce((sum, s) => sum + s.weight, 0);
  const packages = new Map<string, number>();
  const products: ProductInfo[] = [];
  let nextId = FIRST_PRODUCT_ID;

  for (const supplier of suppliers) {
    const target = Math.max(supplier === suppliers[0] ? 8 : 4, Math.round((total * supplier.weight) / weightSum));
    const family = new Map(supplier.groups.map((g) => [g, `${supplier.row.supplier} ${rng.pick(BRAND_FAMILIES)}`]));
    const style = rng.pick(BRAND_STYLES);
    const names = new Set<string>();
    let made = 0;
    for (let sku = 1; made < target; sku++) {
      const group = rng.pick(supplier.groups);
      const type = rng.pick(typesOfGroup(group));
      let strain: (typeof STRAINS)[number] | undefined;
      let variety = "";
      let name = "";
      for (let attempt = 0; attempt < 10; attempt++) {
        strain = type.strainBased && !rng.chance(0.08) ? rng.pick(STRAINS) : undefined;
        variety = type.strainBased ? (strain?.[0] ?? "House Blend") : rng.pick(type.flavors);
        name = `${supplier.row.supplier} ${variety} ${type.label} ${type.netWeight}`;
        if (!names.has(name)) break;
      }
      names.add(name);
      const sample = rng.chance(0.04);
      const upc = rng.pick(type.unitsPerCase);
      const caseOnly = !sample && rng.chance(0.3);
      const halfCase = upc % 2 === 0 ? upc / 2 : 1;
      const minOrder = sample
        ? 1
        : caseOnly
          ? upc
          : rng.weighted([
              [1, 40],
              [2, 20],
              [halfCase, 25],
              [upc, 15],
            ] as const);
      const price = sample ? 0.01 : roundQuarter(rng.float(type.price[0], type.price[1]));
      const thc = rng.float(type.thc[0], type.thc[1]);
      const potencyText = type.potencyType === "Percent" ? `${thc.toFixed(1)}%` : `${Math.round(thc)}mg`;
      const packageName = `${upc}/${type.netWeight} ${type.container}`;
      if (!packages.has(packageName)) packages.set(packageName, FIRST_PACKAGE_ID + packages.size);
      const number = rng.weighted([
        ["own", 94],
        ["N/A", 3],
        ["0", 2],
        ["dup", 1],
      ] as const);
      const ownNumber = `${supplier.prefix}-${GROUP_CODES[group]}-${String(sku).padStart(4, "0")}`;
      const supplierProductNumber =
        number === "own"
          ? ownNumber
          : number === "dup"
            ? (products[products.length - 1]?.row.supplier_product_number ?? ownNumber)
            : number;
      const status = supplier.row.active
        ? rng.weighted(STATUS_WEIGHTS)
        : rng.weighted([
            [0, 85],
            [4, 15],
          ] as const);
      const popularity = rng.float(0.2, 1);
      const edited = rng.chance(0.1);
      // One SKU, listed once per state: the copies share everything but their id and state.
      const potencyThc = rng.chance(0.15) ? null : potencyText;
      const blend =
        strain?.[1] ??
        rng.weighted([
          ["Hybrid", 50],
          ["Indica", 25],
          ["Sativa", 25],
        ] as const);
      const flavor = type.strainBased ? rng.pick(TERPENE_NOTES) : variety;
      const updated = edited ? businessStamp(ctx, dayFromToday(ctx, -rng.int(1, 120))) : ctx.syncStamp;

      for (const state of supplier.states) {
        if (made >= target) break;
        const id = nextId++;
        products.push({
          type,
          popularity,
          row: {
            product_id: id,
            supplier_id: supplier.row.supplier_id,
            product_name: sample ? `${name} (Sample)` : name,
            brand_id: supplier.row.supplier_id,
            brand_name: supplier.row.supplier,
            brand_family: family.get(group) ?? supplier.row.supplier,
            brand_style: style,
            product_type_id: type.id,
            product_type_name: type.name,
            product_group_id: productGroupId(group),
            package_id: packages.get(packageName) ?? FIRST_PACKAGE_ID,
            package_name: packageName,
            unit_net_weight: type.netWeight,
            wholesale_units_per_case: upc,
            svc_live_category_id: type.categoryId,
            svc_menu_category: categoryName(type.categoryId),
            status_id: status,
            description: `${variety} ${type.label.toLowerCase()} by ${supplier.row.supplier}. ${type.strainBased ? `${strain?.[1] ?? "Hybrid"}-leaning, lab-tested every batch.` : "Consistent dosing, lab-tested every batch."}`,
            ingredients: type.ingredients,
            thumbnail_image_url: `assets/products/${id}/thumb.svg`,
            full_size_image_url: `assets/products/${id}/full.svg`,
            potency: type.potencyType === "Percent" ? `THC ${potencyText}` : `${potencyText} THC`,
            potency_thc: potencyThc,
            blend,
            strain_name: strain?.[0] ?? null,
            strain_id: strain ? FIRST_STRAIN_ID + STRAINS.indexOf(strain) : null,
            flavor,
            state,
            supplier_product_number: supplierProductNumber,
            is_sample: sample ? 1 : 0,
            case_only: caseOnly ? 1 : 0,
            min_order_units: minOrder,
            unit_price_micros: dollars(price),
            time_updated: updated,
          },
        });
        made++;
      }
    }
  }
  ensureStatuses(suppliers, products);
  return products;
}

/**
 * Every status appears at least once, and the demo supplier (the first) has Active, non-sample products in every
 * state it sells in, whatever the scale.
 */
function ensureStatuses(suppliers: SupplierInfo[], products: ProductInfo[]): void {
  const demo = suppliers[0];
  if (!demo) return;
  for (const state of demo.states) {
    const mine = products.filter(
      (p) => p.row.supplier_id === demo.row.supplier_id && p.row.state === state && p.row.is_sample === 0,
    );
    for (const p of mine.slice(0, 3)) p.row.status_id = 1;
  }
  const activeSuppliers = new Set(suppliers.filter((s) => s.row.active).map((s) => s.row.supplier_id));
  const others = products.filter(
    (p) =>
      p.row.supplier_id !== demo.row.supplier_id && activeSuppliers.has(p.row.supplier_id) && p.row.is_sample === 0,
  );
  const present = new Set(products.map((p) => p.row.status_id));
  let cursor = others.length - 1;
  for (const status of [0, 2, 3, 4, 5]) {
    if (present.has(status)) continue;
    const victim = others[cursor--];
    if (victim) victim.row.status_id = status;
  }
  // Junk supplier product numbers, as the live test data has them.
  for (const [k, junk] of (["N/A", "0"] as const).entries()) {
    const victim = others[Math.floor(others.length / 2) + k];
    if (victim && !products.some((p) => p.row.supplier_product_number === junk))
      victim.row.supplier_product_number = junk;
  }
  if (!products.some((p) => p.row.is_sample === 1)) {
    const sample = others[0];
    if (sample) {
      sample.row.is_sample = 1;
      sample.row.product_name += " (Sample)";
      sample.row.unit_price_micros = dollars(0.01);
      sample.row.case_only = 0;
      sample.row.min_order_units = 1;
    }
  }
}
