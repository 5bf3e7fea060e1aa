import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { bool } from "../format";
import { type ApiRecord, EMPTY, type Handlers, listOf, notFound, pageOf, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { customerStates, isEmpty, supplierScope, visibleValues } from "../scope";
import { listCustomerPricing } from "./customer-pricing";
import { groupBy } from "./group-by";

function productRows(db: Kysely<Database>) {
  return db
    .selectFrom("products as p")
    .innerJoin("suppliers as s", "s.supplier_id", "p.supplier_id")
    .selectAll("p")
    .select("s.supplier as supplier_name");
}

type ProductRow = Awaited<ReturnType<ReturnType<typeof productRows>["execute"]>>[number];

/** The documented Product record, in the documentation's order (the live service's 32 fields, field notes). */
const productRecord = (p: ProductRow, assetUrl: (path: string) => string): ApiRecord => ({
  ProductID: p.product_id,
  SupplierID: p.supplier_id,
  WholesaleUnitsPerCase: p.wholesale_units_per_case,
  SvcLiveCategoryID: p.svc_live_category_id,
  StatusID: p.status_id,
  ProductGroupID: p.product_group_id,
  PackageID: p.package_id,
  ProductTypeID: p.product_type_id,
  BrandID: p.brand_id,
  Supplier: p.supplier_name,
  ProductName: p.product_name,
  BrandFamily: p.brand_family,
  ProductTypeName: p.product_type_name,
  UnitNetWeight: p.unit_net_weight,
  Description: p.description,
  Ingredients: p.ingredients,
  ThumbnailImageURL: assetUrl(p.thumbnail_image_url),
  FullSizeImageURL: assetUrl(p.full_size_image_url),
  Potency: p.potency,
  Blend: p.blend,
  SvcMenuCategory: p.svc_menu_category,
  State: p.state,
  BrandStyle: p.brand_style,
  PackageName: p.package_name,
  Flavor: p.flavor,
  BrandName: p.brand_name,
  SupplierProductNumber: p.supplier_product_number,
  PotencyTHC: p.potency_thc,
  StrainName: p.strain_name,
  StrainID: p.strain_id,
  IsSample: bool(p.is_sample),
  TimeUpdated: p.time_updated,
});

/** A product is visible to a Supplier key when it is one of its suppliers', to a Customer key when it is sold in its customers' states. */
async function productVisible(
  db: Kysely<Database>,
  scope: KeyScope,
  product: { supplier_id: number; state: string },
): Promise<boolean> {
  const suppliers = supplierScope(scope);
  if (suppliers && !suppliers.includes(product.supplier_id)) return false;
  const states = await customerStates(db, scope);
  return !states || states.includes(product.state);
}

/** Promotion prices are stored in micro-units; PromotionProduct.UnitPrice is documented as a JSON number (2 decimals). */
const priceNumber = (micros: number) => Math.round(micros / 10_000) / 100;

export const catalogHandlers: Handlers = {
  // GET /products: Active (Statuses default [1]) unless ProductIDs is given, which ignores Statuses. Supplier keys see
  // their suppliers' products, Customer keys the products of their customers' states.
  async listProducts({ db, scope, query, assetUrl }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const states = visibleValues(query.States, await customerStates(db, scope));
    if (isEmpty(suppliers, states)) return EMPTY;
    const ids = query.ProductIDs;
    return listOf(
      (limit, offset) =>
        productRows(db)
          .$if(ids !== undefined, (q) => q.where("p.product_id", "in", ids!))
          .$if(ids === undefined, (q) => q.where("p.status_id", "in", query.Statuses))
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", suppliers!))
          .$if(states !== undefined, (q) => q.where("p.state", "in", states!))
          .$if(query.SupplierProductNumbers !== undefined, (q) =>
            q.where("p.supplier_product_number", "in", query.SupplierProductNumbers!),
          )
          .orderBy("p.product_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (p) => productRecord(p, assetUrl),
    );
  },

  // GET /products/{productID}: any status; a product outside the key's scope is not found.
  async getProduct({ db, scope, path, assetUrl }) {
    const row = await productRows(db).where("p.product_id", "=", path.productID).executeTakeFirst();
    if (!row || !(await productVisible(db, scope, row))) throw notFound(`Product ${path.productID}`);
    return { record: productRecord(row, assetUrl) };
  },

  listCustomerPricing,

  // GET /menuPromotions: Supplier keys see their suppliers' promotions, Customer keys those of their customers' states.
  // StartDate keeps promotions still running on or after it, EndDate those started on or before it (documented).
  async listMenuPromotions({ db, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const states = visibleValues(query.States, await customerStates(db, scope));
    if (isEmpty(suppliers, states)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("menu_promotions as m")
          .innerJoin("suppliers as s", "s.supplier_id", "m.supplier_id")
          .selectAll("m")
          .select("s.supplier as supplier_name")
          .$if(suppliers !== undefined, (q) => q.where("m.supplier_id", "in", suppliers!))
          .$if(states !== undefined, (q) => q.where("m.state", "in", states!))
          .$if(query.StartDate !== undefined, (q) => q.where("m.end_date", ">=", query.StartDate!))
          .$if(query.EndDate !== undefined, (q) => q.where("m.start_date", "<=", query.EndDate!))
          .orderBy("m.menu_promotion_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (m) => ({
        MenuPromotionID: m.menu_promotion_id,
        SupplierID: m.supplier_id,
        SupplierName: m.supplier_name,
        State: m.state,
        Description: m.description,
        StartDate: m.start_date,
        EndDate: m.end_date,
        TimeUpdated: m.time_updated,
      }),
    );
  },

  // GET /promotionsProducts: a promotion matches a state when the state is one of its promotion_states. States and
  // ProductIDs come from the junction tables, one query each for the whole page.
  async listPromotionProducts({ db, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    const states = visibleValues(query.States, await customerStates(db, scope));
    if (isEmpty(suppliers, states)) return EMPTY;
    const { rows, hasNextPage } = await pageOf(
      (limit, offset) =>
        db
          .selectFrom("promotions as pr")
          .selectAll("pr")
          .$if(suppliers !== undefined, (q) => q.where("pr.supplier_id", "in", suppliers!))
          .$if(states !== undefined, (q) =>
            q.where((eb) =>
              eb.exists(
                eb
                  .selectFrom("promotion_states as ps")
                  .select("ps.state")
                  .whereRef("ps.promotion_id", "=", "pr.promotion_id")
                  .where("ps.state", "in", states!),
              ),
            ),
          )
          .orderBy("pr.promotion_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query.Page,
      query.PageSize,
    );
    if (rows.length === 0) return EMPTY;
    const ids = rows.map((r) => r.promotion_id);
    const [stateRows, productRows] = await Promise.all([
      db
        .selectFrom("promotion_states")
        .selectAll()
        .where("promotion_id", "in", ids)
        .orderBy("promotion_id")
        .orderBy("state")
        .execute(),
      db
        .selectFrom("promotion_products")
        .selectAll()
        .where("promotion_id", "in", ids)
        .orderBy("promotion_id")
        .orderBy("product_id")
        .execute(),
    ]);
    const statesOf = groupBy(
      stateRows,
      (r) => r.promotion_id,
      (r) => r.state,
    );
    const productsOf = groupBy(
      productRows,
      (r) => r.promotion_id,
      (r) => r.product_id,
    );
    const records = rows.map((pr) => ({
      PromotionID: pr.promotion_id,
      PromotionTypeID: pr.promotion_type_id,
      States: statesOf.get(pr.promotion_id) ?? [],
      PromotionName: pr.promotion_name,
      ProductOverrideType: pr.product_override_type,
      UnitPrice: priceNumber(pr.unit_price_micros),
      StartDate: pr.start_date,
      EndDate: pr.end_date,
      AllProducts: bool(pr.all_products),
      // An all-products promotion covers every product of its supplier: it lists none.
      ProductIDs: pr.all_products ? [] : (productsOf.get(pr.promotion_id) ?? []),
      TimeUpdated: pr.time_updated,
    }));
    return { records, hasNextPage };
  },
};
