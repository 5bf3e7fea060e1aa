import type { MenuPromotionTable, PromotionProductTable, PromotionStateTable, PromotionTable } from "../db/schema";
import { businessStamp, dayFromToday, dollars, plusDays, type SeedContext, scaled, stampOn } from "./context";
import type { ProductInfo } from "./products";
import type { SupplierInfo } from "./suppliers";

export const FIRST_PROMOTION_ID = 3001;
export const FIRST_MENU_PROMOTION_ID = 4001;

export interface PromotionInfo {
  row: PromotionTable;
  states: string[];
  /** The products it names; null for an all-products promotion (every product of its supplier). */
  productIds: Set<number> | null;
}

export interface PromotionSeed {
  promotions: PromotionInfo[];
  promotionStates: PromotionStateTable[];
  promotionProducts: PromotionProductTable[];
  menuPromotions: MenuPromotionTable[];
}

const PROMO_NAMES = [
  "Spring Sale",
  "Summer Savings",
  "4/20 Special",
  "Holiday Deal",
  "Launch Promo",
  "Clearance",
  "Weekend Deal",
  "Back to School",
  "Harvest Special",
] as const;
const MENU_DEALS = [
  "15% off all {g}",
  "Buy 2 cases of {g}, get 1 free",
  "Free display with 5 cases",
  "New drop: {g} restock",
  "Bundle pricing on {g}",
  "Budtender samples with every order",
] as const;

/** A date range: mostly past (over the last 18 months), a quarter running today, some starting within a month. */
function range(ctx: SeedContext, forced?: "past" | "current" | "future"): [string, string] {
  const { rng } = ctx;
  const when =
    forced ??
    rng.weighted([
      ["past", 65],
      ["current", 25],
      ["future", 10],
    ] as const);
  const start = when === "current" ? -rng.int(3, 30) : when === "future" ? rng.int(5, 30) : rng.int(-540, -60);
  const end = when === "current" ? rng.int(3, 30) : start + rng.int(7, 45);
  return [dayFromToday(ctx, start), dayFromToday(ctx, end)];
}

function roundQuarterMicros(micros: number): number {
  return dollars(Math.round((micros / 1_000_000) * 4) / 4);
}

/**
 * Product promotions of the active suppliers. A promotion's UnitPrice is the promotional price of each product it
 * covers, capped at the product's FullPrice: product promotions (type 1) name a few products; all-products promotions
 * (type 2) cover every product of the supplier in the promotion's states. The demo supplier always has a current
 * promotion, and current and future menu promotions in every state.
 */
export function seedPromotions(ctx: SeedContext, suppliers: SupplierInfo[], products: ProductInfo[]): PromotionSeed {
  const { rng } = ctx;
  const seed: PromotionSeed = { promotions: [], promotionStates: [], promotionProducts: [], menuPromotions: [] };
  const active = suppliers.filter((s) => s.row.active === 1);
  const total = scaled(ctx, 80, 8);
  for (let k = 0; k < total; k++) {
    const supplier = active[k % active.length] as SupplierInfo;
    // The first three: one current, one future, one past, whatever the scale.
    const forced = k === 0 ? "current" : k === 1 ? "future" : k === 2 ? "past" : undefined;
    const states = supplier.states.length > 1 && rng.chance(0.4) ? [rng.pick(supplier.states)] : [...supplier.states];
    const sellable = products.filter(
      (p) =>
        p.row.supplier_id === supplier.row.supplier_id &&
        states.includes(p.row.state) &&
        (p.row.status_id === 1 || p.row.status_id === 5) &&
        !p.row.is_sample,
    );
    if (sellable.length === 0) continue;
    const allProducts = k !== 0 && rng.chance(0.3);
    const chosen = allProducts ? [] : rng.sample(sellable, rng.int(1, 4));
    const basis = allProducts
      ? [...sellable].sort((a, b) => a.row.unit_price_micros - b.row.unit_price_micros)[Math.floor(sellable.length / 2)]
      : undefined;
    const cheapest = Math.min(
      ...(allProducts ? [basis?.row.unit_price_micros ?? 0] : chosen.map((p) => p.row.unit_price_micros)),
    );
    const [start, end] = range(ctx, forced);
    const id = FIRST_PROMOTION_ID + seed.promotions.length;
    const label = allProducts ? supplier.row.supplier : (chosen[0]?.type.label ?? "");
    seed.promotions.push({
      row: {
        promotion_id: id,
        supplier_id: supplier.row.supplier_id,
        promotion_type_id: allProducts ? 2 : 1,
        promotion_name: `${label} ${rng.pick(PROMO_NAMES)}`,
        product_override_type: "none",
        unit_price_micros: roundQuarterMicros(cheapest * rng.float(0.75, 0.9)),
        start_date: start,
        end_date: end,
        all_products: allProducts ? 1 : 0,
        time_updated: businessStamp(ctx, start < ctx.today ? plusDays(start, -rng.int(1, 10)) : ctx.today),
      },
      states,
      productIds: allProducts ? null : new Set(chosen.map((p) => p.row.product_id)),
    });
    for (const state of [...states].sort()) seed.promotionStates.push({ promotion_id: id, state });
    for (const p of [...chosen].sort((a, b) => a.row.product_id - b.row.product_id))
      seed.promotionProducts.push({ promotion_id: id, product_id: p.row.product_id });
  }

  featureOfLastMonth(ctx, seed, active[0], products);

  for (const supplier of active) {
    for (const state of supplier.states) {
      const count = supplier === active[0] ? 2 : rng.int(0, 2);
      for (let k = 0; k < count; k++) {
        const [start, end] = range(ctx, supplier === active[0] ? (k === 0 ? "current" : "future") : undefined);
        seed.menuPromotions.push({
          menu_promotion_id: FIRST_MENU_PROMOTION_ID + seed.menuPromotions.length,
          supplier_id: supplier.row.supplier_id,
          state,
          description: rng.pick(MENU_DEALS).replace("{g}", rng.pick(supplier.groups)),
          start_date: start,
          end_date: end,
          time_updated: businessStamp(ctx, start < ctx.today ? plusDays(start, -rng.int(1, 10)) : ctx.today),
        });
      }
    }
  }
  return seed;
}

/**
 * The demo supplier's feature of last month (the promotion lift has something to tell of): its two most popular
 * sellable products in each of its states, 15% under the cheapest of them, for the four weeks that ended three weeks
 * ago, in all its states. Chosen without the random source, so the rest of the seed is as it was without it.
 */
function featureOfLastMonth(
  ctx: SeedContext,
  seed: PromotionSeed,
  supplier: SupplierInfo | undefined,
  products: ProductInfo[],
): void {
  if (!supplier) return;
  const chosen = supplier.states.flatMap((state) =>
    products
      .filter(
        (p) =>
          p.row.supplier_id === supplier.row.supplier_id &&
          p.row.state === state &&
          (p.row.status_id === 1 || p.row.status_id === 5) &&
          !p.row.is_sample,
      )
      .sort((a, b) => b.popularity - a.popularity || a.row.product_id - b.row.product_id)
      .slice(0, 2),
  );
  if (chosen.length === 0) return;
  const id = FIRST_PROMOTION_ID + seed.promotions.length;
  const [start, end] = [dayFromToday(ctx, -49), dayFromToday(ctx, -22)];
  seed.promotions.push({
    row: {
      promotion_id: id,
      supplier_id: supplier.row.supplier_id,
      promotion_type_id: 1,
      promotion_name: `${chosen[0]!.type.label} Harvest Special`,
      product_override_type: "none",
      unit_price_micros: roundQuarterMicros(Math.min(...chosen.map((p) => p.row.unit_price_micros)) * 0.85),
      start_date: start,
      end_date: end,
      all_products: 0,
      // 09:00 in California, a week before it began.
      time_updated: stampOn(ctx, plusDays(start, -7), 17 * 60),
    },
    states: [...supplier.states],
    productIds: new Set(chosen.map((p) => p.row.product_id)),
  });
  for (const state of [...supplier.states].sort()) seed.promotionStates.push({ promotion_id: id, state });
  for (const p of [...chosen].sort((a, b) => a.row.product_id - b.row.product_id))
    seed.promotionProducts.push({ promotion_id: id, product_id: p.row.product_id });
}

/** Promotions by supplier, for pricing invoice lines. */
export function promotionsBySupplier(promotions: PromotionInfo[]): Map<number, PromotionInfo[]> {
  const map = new Map<number, PromotionInfo[]>();
  for (const p of promotions) {
    const list = map.get(p.row.supplier_id) ?? [];
    list.push(p);
    map.set(p.row.supplier_id, list);
  }
  return map;
}

/**
 * The promotion that prices a product for a customer's state on a day, as the pricing endpoint chooses it: the one
 * with the lowest resulting price, then the lowest id; undefined when none lowers the price.
 */
export function applicablePromotion(
  list: PromotionInfo[] | undefined,
  productId: number,
  fullPrice: number,
  state: string,
  day: string,
): PromotionInfo | undefined {
  let best: PromotionInfo | undefined;
  for (const p of list ?? []) {
    if (p.row.start_date > day || p.row.end_date < day || !p.states.includes(state)) continue;
    if (p.productIds && !p.productIds.has(productId)) continue;
    if (p.row.unit_price_micros >= fullPrice) continue;
    if (!best || p.row.unit_price_micros < best.row.unit_price_micros) best = p;
  }
  return best;
}
