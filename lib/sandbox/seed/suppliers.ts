import type { SupplierCreditTermTable, SupplierProductGroupTable, SupplierTable } from "../db/schema";
import { type SeedContext, scaled } from "./context";
import { BRAND_NAMES, initials, slug } from "./names";
import { PRODUCT_GROUPS, type ProductGroup } from "./product-types";

export const FIRST_SUPPLIER_ID = 101;

/** A supplier (brand) and what the rest of the seed needs to know about it. */
export interface SupplierInfo {
  row: SupplierTable;
  /** States it sells in: its home state first. Multi-state brands list a product per state (same SKU number). */
  states: string[];
  groups: ProductGroup[];
  /** Prefix of its product numbers and batch codes ("GF"). */
  prefix: string;
  slug: string;
  /** Relative size of its catalog and sales. */
  weight: number;
}

/** Home-state weights: most brands are Californian. */
function homeStateWeights(states: string[]): [string, number][] {
  const weights: Record<string, number> = { CA: 0.6, NV: 0.25, AZ: 0.2 };
  return states.map((s) => [s, weights[s] ?? 0.2]);
}

/** What a brand's name suggests it sells ("Lantern Light Vapes" sells vapes). */
const NAME_HINTS: [RegExp, ProductGroup][] = [
  [/Vape/, "Vapes"],
  [/Topical/, "Topicals"],
  [/Confection|Treat/, "Edibles"],
  [/Extract|Rosin|Hash/, "Concentrates"],
  [/Tonic/, "Beverages"],
  [/Farm|Grower|Garden|Cultivar|Reserve|Heritage/, "Flower"],
];

const TAGLINES: Record<ProductGroup, readonly string[]> = {
  Flower: ["Sun-grown in small batches", "Premium indoor flower", "Craft cannabis from family farms"],
  "Pre-Rolls": ["Hand-rolled from whole flower", "Craft cannabis from family farms"],
  Vapes: ["Clean, consistent and lab-tested", "Terpene-forward oil"],
  Concentrates: ["Solventless since day one", "Terpene-forward extracts"],
  Edibles: ["Chef-crafted edibles", "Consistent dosing in every bite"],
  Beverages: ["Sessionable cannabis drinks"],
  Topicals: ["Relief you can feel"],
};

const GROUP_WEIGHTS: [ProductGroup, number][] = [
  ["Flower", 5],
  ["Pre-Rolls", 3],
  ["Vapes", 4],
  ["Concentrates", 2],
  ["Edibles", 4],
  ["Beverages", 1],
  ["Topicals", 1],
];

/**
 * About 25 suppliers. The first is the demo supplier: active, selling in every state (so it has vendors at every
 * warehouse), in three product groups. The last is always inactive, so even a small seed has one.
 */
export function seedSuppliers(ctx: SeedContext, stateCodes: string[]): SupplierInfo[] {
  const { rng } = ctx;
  const count = scaled(ctx, 25, 6);
  const names = rng.shuffle(BRAND_NAMES);
  const suppliers: SupplierInfo[] = [];
  for (let i = 0; i < count; i++) {
    const base = names[i % names.length] as string;
    const name = i < names.length ? base : `${base} ${Math.floor(i / names.length) + 1}`;
    const id = FIRST_SUPPLIER_ID + i;
    const demo = i === 0;
    const home = demo ? "CA" : rng.weighted(homeStateWeights(stateCodes));
    let states = [home];
    if (demo) states = [...stateCodes];
    else if (rng.chance(0.25))
      states = [
        home,
        ...rng.sample(
          stateCodes.filter((s) => s !== home),
          rng.int(1, stateCodes.length - 1),
        ),
      ];

    const groups: ProductGroup[] = NAME_HINTS.filter(([hint]) => hint.test(name)).map(([, group]) => group);
    const groupCount = demo
      ? 3
      : Math.max(
          groups.length,
          rng.weighted([
            [1, 4],
            [2, 4],
            [3, 2],
          ] as const),
        );
    while (groups.length < groupCount) {
      const g = demo
        ? ((["Flower", "Pre-Rolls", "Vapes", "Edibles"] as const).find((d) => !groups.includes(d)) ?? "Edibles")
        : rng.weighted(GROUP_WEIGHTS);
      if (!groups.includes(g)) groups.push(g);
    }
    const tagline = rng.pick(TAGLINES[groups[0] ?? "Flower"]);
    groups.sort((a, b) => PRODUCT_GROUPS.indexOf(a) - PRODUCT_GROUPS.indexOf(b));

    const active = demo ? true : i === count - 1 ? false : !rng.chance(0.1);
    const s = slug(name);
    suppliers.push({
      row: {
        supplier_id: id,
        supplier: name,
        state: home,
        description: `${tagline}. ${groups.join(", ")}.`,
        brand_assets_url: `assets/brands/${id}.zip`,
        supplier_website_url: `https://${s}.example`,
        active: active ? 1 : 0,
        time_updated: ctx.syncStamp,
      },
      states,
      groups,
      prefix: initials(name),
      slug: s,
      weight: demo ? 1.6 : active ? rng.float(0.5, 1.5) : 0.4,
    });
  }
  return suppliers;
}

export function supplierProductGroups(suppliers: SupplierInfo[]): SupplierProductGroupTable[] {
  return suppliers.flatMap((s) => s.groups.map((g) => ({ supplier_id: s.row.supplier_id, product_group: g })));
}

/** Each supplier's terms with the distributor: mostly Net 30; some have a second term for special orders. */
export function seedSupplierCreditTerms(
  ctx: SeedContext,
  suppliers: SupplierInfo[],
): { rows: SupplierCreditTermTable[]; primary: Map<number, number> } {
  const { rng } = ctx;
  const rows: SupplierCreditTermTable[] = [];
  const primary = new Map<number, number>();
  for (const s of suppliers) {
    const term = rng.weighted([
      [4, 60],
      [3, 15],
      [5, 15],
      [2, 5],
      [1, 5],
    ] as const);
    primary.set(s.row.supplier_id, term);
    const terms: number[] = [term];
    if (rng.chance(0.15)) terms.push(term === 5 ? 4 : 5);
    for (const term_id of terms) rows.push({ supplier_id: s.row.supplier_id, term_id, time_updated: ctx.syncStamp });
  }
  return { rows, primary };
}
