import type { Kysely } from "kysely";
import { isoDay } from "../clock";
import type { Database } from "../db/schema";
import { money } from "../format";
import { EMPTY, forbidden, type Handler, type HandlerResult, inIds, pageOf, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { customerScope, isEmpty, supplierScope } from "../scope";

/**
 * The customers whose prices a key asks for. The documentation calls CustomerIDs required (403 if none is accessible)
 * and also optional, and does not show what happens when it is omitted. The sandbox's choice: given CustomerIDs are
 * intersected with the key's customers and none left is a 403; omitted, a Customer key gets its own customers, and
 * Supplier and Employee keys get every Active customer (a Supplier key only for its own products, see below).
 */
function pricedCustomers(scope: KeyScope, requested: number[] | undefined): { ids?: number[]; activeOnly: boolean } {
  if (requested !== undefined) {
    const ids = visibleIds(requested, customerScope(scope))!;
    if (ids.length === 0) throw forbidden("None of the CustomerIDs is accessible to this key");
    return { ids, activeOnly: false };
  }
  return scope.type === "Customer" ? { ids: scope.customerIds, activeOnly: false } : { activeOnly: true };
}

/** The price a promotion gives a pair: its own, but never above the product's FullPrice. */

/**
 * One page of (customer, product) pairs with the promotion that sets their price. The page is cut first, from the
 * pairs alone (Active products of the customer's state), so promotions are matched for at most one page of rows.
 *
 * A promotion applies on `day` when its date range contains the day, the customer's state is one of its states, and
 * it names the product or covers all products of the product's supplier, and its price is below the product's full
 * price (one that would not lower the price does not apply, as on the seeded invoices). Of several, the lowest price
 * wins, then the lowest promotion id: a window ranks the candidates
 * (not a correlated subquery with ORDER BY ... LIMIT 1: SQLite does not resolve outer columns in a subquery's ORDER BY).
 */
function pricingPage(
  db: Kysely<Database>,
  day: string,
  customers: { ids?: number[]; activeOnly: boolean },
  suppliers: number[] | undefined,
  products?: number[],
) {
  const pairs = db
    .selectFrom("customers as c")
    .innerJoin("products as p", "p.state", "c.state")
    .select(["c.customer_id", "c.state", "p.product_id", "p.supplier_id", "p.unit_price_micros", "p.time_updated"])
    .where("p.status_id", "=", 1)
    .$if(customers.ids !== undefined, (q) => q.where("c.customer_id", "in", customers.ids!))
    .$if(customers.activeOnly, (q) => q.where("c.account_status", "=", "Active"))
    .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
    .$if(products !== undefined, (q) => q.where("p.product_id", "in", inIds(products!)));

  return (limit: number, offset: number) =>
    db
      .with("pair", () => pairs.orderBy("c.customer_id").orderBy("p.product_id").limit(limit).offset(offset))
      // The promotions naming a pair's product, then those covering all products of its supplier: each side is an
      // indexed lookup per pair (promotion_products by product, promotions by supplier), not a scan of every promotion.
      .with("candidate", (w) =>
        w
          .selectFrom("pair")
          .innerJoin("promotion_products as pp", "pp.product_id", "pair.product_id")
          .innerJoin("promotions as pr", "pr.promotion_id", "pp.promotion_id")
          .select(["pair.customer_id", "pair.product_id", "pr.promotion_id", "pr.unit_price_micros as price"])
          .whereRef("pr.unit_price_micros", "<", "pair.unit_price_micros")
          .where("pr.start_date", "<=", day)
          .where("pr.end_date", ">=", day)
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom("promotion_states as ps")
                .select("ps.state")
                .whereRef("ps.promotion_id", "=", "pr.promotion_id")
                .whereRef("ps.state", "=", "pair.state"),
            ),
          )
          .unionAll(
            w
              .selectFrom("pair")
              .innerJoin("promotions as pr", "pr.supplier_id", "pair.supplier_id")
              .select(["pair.customer_id", "pair.product_id", "pr.promotion_id", "pr.unit_price_micros as price"])
              .whereRef("pr.unit_price_micros", "<", "pair.unit_price_micros")
              .where("pr.all_products", "=", 1)
              .where("pr.start_date", "<=", day)
              .where("pr.end_date", ">=", day)
              .where((eb) =>
                eb.exists(
                  eb
                    .selectFrom("promotion_states as ps")
                    .select("ps.state")
                    .whereRef("ps.promotion_id", "=", "pr.promotion_id")
                    .whereRef("ps.state", "=", "pair.state"),
                ),
              ),
          ),
      )
      .with("ranked", (w) =>
        w.selectFrom("candidate").select((eb) => [
          "candidate.customer_id",
          "candidate.product_id",
          "candidate.promotion_id",
          eb.fn
            .agg<number>("row_number")
            .over((o) =>
              o
                .partitionBy(["candidate.customer_id", "candidate.product_id"])
                .orderBy("candidate.price")
                .orderBy("candidate.promotion_id"),
            )
            .as("rank"),
        ]),
      )
      .selectFrom("pair")
      .leftJoin("ranked as best", (j) =>
        j
          .onRef("best.customer_id", "=", "pair.customer_id")
          .onRef("best.product_id", "=", "pair.product_id")
          .on("best.rank", "=", 1),
      )
      .leftJoin("promotions as promo", "promo.promotion_id", "best.promotion_id")
      .select([
        "pair.customer_id",
        "pair.product_id",
        "pair.unit_price_micros",
        "pair.time_updated",
        "promo.promotion_id",
        "promo.unit_price_micros as promotion_price_micros",
        "promo.start_date",
        "promo.end_date",
        "promo.time_updated as promotion_time_updated",
      ])
      .orderBy("pair.customer_id")
      .orderBy("pair.product_id")
      .execute();
}

type PriceRow = Awaited<ReturnType<ReturnType<typeof pricingPage>>>[number];

/** FullPrice is the product's unit price; UnitPrice the applied promotion's (always lower) or FullPrice; Discount the difference. */
function priceRecord(r: PriceRow) {
  const full = r.unit_price_micros;
  const unit = r.promotion_price_micros ?? full;
  const promoted = r.promotion_id !== null;
  return {
    ProductID: r.product_id,
    CustomerID: r.customer_id,
    FullPrice: money(full),
    UnitPrice: money(unit),
    Discount: money(full - unit),
    PromotionID: r.promotion_id,
    StartDate: promoted ? r.start_date : null,
    EndDate: promoted ? r.end_date : null,
    // A price changes when its product or its promotion does: the later of the two.
    TimeUpdated: promoted && r.promotion_time_updated! > r.time_updated ? r.promotion_time_updated! : r.time_updated,
  };
}

// GET /customerPricing: one record per visible (customer, product), Active products of the customer's state, priced
// at EffectiveDate (default: today, UTC). Ordered by CustomerID then ProductID.
export const listCustomerPricing: Handler<"listCustomerPricing"> = async ({
  db,
  scope,
  query,
  now,
}): Promise<HandlerResult> => {
  const customers = pricedCustomers(scope, query.CustomerIDs);
  const suppliers = supplierScope(scope);
  if (isEmpty(customers.ids, suppliers)) return EMPTY;
  const fetch = pricingPage(db, query.EffectiveDate ?? isoDay(now), customers, suppliers);
  const { rows, hasNextPage } = await pageOf(fetch, query.Page, query.PageSize);
  return { records: rows.map(priceRecord), hasNextPage };
};

/** A customer's price of a product on a day: what `/customerPricing` answers for the pair, in micro-units. */
export interface DayPrice {
  productId: number;
  fullMicros: number;
  unitMicros: number;
  promotionId: number | null;
}

/**
 * One customer's prices of the day for the given products, by product id, as `/customerPricing` answers them for
 * `CustomerIDs` and `EffectiveDate` (the same query): the store's price an order entered that day is invoiced at. A
 * product that is not Active or not of the customer's state has no price, and is missing from the map.
 *
 * @example
 * const prices = await dayPrices(db, "2026-11-21", 20001, [10001, 10002]);
 * prices.get(10001); // { productId: 10001, fullMicros: 24_000_000, unitMicros: 21_000_000, promotionId: 3004 }
 */
export async function dayPrices(
  db: Kysely<Database>,
  day: string,
  customerId: number,
  productIds: number[],
): Promise<Map<number, DayPrice>> {
  const rows = await pricingPage(
    db,
    day,
    { ids: [customerId], activeOnly: false },
    undefined,
    productIds,
  )(productIds.length, 0);
  return new Map(
    rows.map((r) => [
      r.product_id,
      {
        productId: r.product_id,
        fullMicros: r.unit_price_micros,
        unitMicros: r.promotion_price_micros ?? r.unit_price_micros,
        promotionId: r.promotion_id,
      },
    ]),
  );
}
