import type { Selectable } from "kysely";
import type { CreditTermTable, LocationTable, StateTable, SupplierTable } from "../db/schema";
import { bool } from "../format";
import { type ApiRecord, EMPTY, type Handlers, inIds, listOf, notFound, visibleIds } from "../handler";
import { customerScope, customerStates, isEmpty, supplierScope, visibleValues } from "../scope";

export const stateRecord = (s: Selectable<StateTable>): ApiRecord => ({
  StateAbbreviation: s.state,
  StateName: s.state_name,
  OrderCutOffTime: s.order_cut_off_time,
  TimeZone: s.time_zone,
  OrderCutOffDaysInAdvance: s.order_cut_off_days_in_advance,
  TimeUpdated: s.time_updated,
});

export const locationRecord = (l: Selectable<LocationTable>): ApiRecord => ({
  LocationID: l.location_id,
  Location: l.location,
  DBA: l.dba,
  Address: l.address,
  Address2: l.address2,
  Address3: l.address3,
  City: l.city,
  State: l.state,
  PostalCode: l.postal_code,
  TimeUpdated: l.time_updated,
});

const creditTermRecord = (t: Selectable<CreditTermTable>): ApiRecord => ({
  TermID: t.term_id,
  Term: t.term,
  DaysOfCredit: t.days_of_credit,
  AccountOnHold: bool(t.account_on_hold),
  TimeUpdated: t.time_updated,
});

export const supplierRecord = (s: Selectable<SupplierTable>, assetUrl: (p: string) => string): ApiRecord => ({
  SupplierID: s.supplier_id,
  Supplier: s.supplier,
  State: s.state,
  Description: s.description,
  BrandAssetsURL: assetUrl(s.brand_assets_url),
  SupplierWebsiteURL: s.supplier_website_url,
  Active: bool(s.active),
  TimeUpdated: s.time_updated,
});

export const referenceHandlers: Handlers = {
  // GET /states: the active states available to the key (a Customer key: its customers' states; a Supplier key:
  // the states its products are sold in).
  async listStates({ db, scope, query }) {
    let allowed = await customerStates(db, scope);
    const suppliers = supplierScope(scope);
    if (suppliers) {
      const rows = suppliers.length
        ? await db.selectFrom("products").select("state").distinct().where("supplier_id", "in", suppliers).execute()
        : [];
      allowed = rows.map((r) => r.state);
    }
    const states = visibleValues(query.States, allowed);
    if (isEmpty(states)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("states")
          .selectAll()
          .where("active", "=", 1)
          .$if(states !== undefined, (q) => q.where("state", "in", states!))
          .orderBy("state")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      stateRecord,
    );
  },

  // GET /locations: warehouses; a Customer key sees the ones serving its customers.
  async listLocations({ db, scope, query }) {
    const serving = customerScope(scope);
    const allowed = serving
      ? (
          await db
            .selectFrom("customers")
            .select("location_id")
            .distinct()
            .where("customer_id", "in", inIds(serving))
            .execute()
        ).map((r) => r.location_id)
      : undefined;
    const ids = visibleIds(query.LocationIDs, allowed);
    if (isEmpty(ids)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("locations")
          .selectAll()
          .$if(ids !== undefined, (q) => q.where("location_id", "in", ids!))
          .$if(query.States !== undefined, (q) => q.where("state", "in", query.States!))
          .orderBy("location_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      locationRecord,
    );
  },

  async getLocation({ db, path }) {
    const row = await db
      .selectFrom("locations")
      .selectAll()
      .where("location_id", "=", path.locationID)
      .executeTakeFirst();
    if (!row) throw notFound(`Location ${path.locationID}`);
    return { record: locationRecord(row) };
  },

  // GET /productCategories: no filters, ordered by Sequence.
  async listProductCategories({ db, query }) {
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("product_categories")
          .selectAll()
          .orderBy("sequence")
          .orderBy("product_category_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (c) => ({
        ProductCategoryID: c.product_category_id,
        CategoryName: c.category_name,
        Sequence: c.sequence,
        TimeUpdated: c.time_updated,
      }),
    );
  },

  async listInvoiceCreditTerms({ db, query }) {
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("credit_terms")
          .selectAll()
          .$if(query.TermIDs !== undefined, (q) => q.where("term_id", "in", query.TermIDs!))
          .orderBy("term_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      creditTermRecord,
    );
  },

  // GET /suppliers: Customer and Supplier keys see active suppliers unless Active says otherwise; Supplier keys only theirs.
  async listSuppliers({ db, scope, query, assetUrl }) {
    const ids = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(ids)) return EMPTY;
    const active = query.Active ?? (scope.type === "Employee" ? undefined : true);
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("suppliers")
          .selectAll()
          .$if(ids !== undefined, (q) => q.where("supplier_id", "in", ids!))
          .$if(query.States !== undefined, (q) => q.where("state", "in", query.States!))
          .$if(active !== undefined, (q) => q.where("active", "=", active ? 1 : 0))
          .orderBy("supplier_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (s) => supplierRecord(s, assetUrl),
    );
  },

  async getSupplier({ db, scope, path, assetUrl }) {
    const own = supplierScope(scope);
    const row =
      own && !own.includes(path.supplierID)
        ? undefined
        : await db.selectFrom("suppliers").selectAll().where("supplier_id", "=", path.supplierID).executeTakeFirst();
    if (!row) throw notFound(`Supplier ${path.supplierID}`);
    return { record: supplierRecord(row, assetUrl) };
  },

  // GET /suppliers/creditTerms: Supplier keys see only their suppliers (Customer keys are refused by the registry).
  async listSupplierCreditTerms({ db, scope, query }) {
    const ids = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(ids)) return EMPTY;
    return listOf(
      (limit, offset) =>
        db
          .selectFrom("supplier_credit_terms")
          .innerJoin("credit_terms", "credit_terms.term_id", "supplier_credit_terms.term_id")
          .select([
            "supplier_credit_terms.supplier_id",
            "supplier_credit_terms.term_id",
            "credit_terms.term",
            "supplier_credit_terms.time_updated",
          ])
          .$if(ids !== undefined, (q) => q.where("supplier_credit_terms.supplier_id", "in", ids!))
          .orderBy("supplier_credit_terms.supplier_id")
          .orderBy("supplier_credit_terms.term_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (t) => ({ SupplierID: t.supplier_id, TermID: t.term_id, Term: t.term, TimeUpdated: t.time_updated }),
    );
  },
};
