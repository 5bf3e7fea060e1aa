import type { Kysely, Selectable } from "kysely";
import { PURCHASE_LINE_V2_NAMES, PURCHASE_V2_NAMES } from "@/lib/data-api/records/purchases";
import type { Database, DraftLineTable, PurchaseLineTable } from "../db/schema";
import { addDays } from "@/lib/format/days";
import { bool, centi, dateTimeOrNull, money, units } from "../format";
import { type ApiRecord, EMPTY, type Handlers, inIds, listOf, notFound, pageOf, visibleIds } from "../handler";
import type { KeyScope } from "../keys";
import { isEmpty, supplierScope } from "../scope";

function purchaseRows(db: Kysely<Database>, scope: KeyScope) {
  const suppliers = supplierScope(scope);
  // Totals per purchase as correlated subqueries: each is an index lookup by purchase_global_id, where a join on
  // grouped totals would aggregate every line of every purchase for a page of 50.
  return db
    .selectFrom("purchases as p")
    .leftJoin("locations as l", "l.location_id", "p.to_location_id")
    .leftJoin("vendors as v", (join) =>
      join.onRef("v.vendor_id", "=", "p.vendor_id").onRef("v.location_id", "=", "p.to_location_id"),
    )
    .selectAll("p")
    .select((eb) => [
      "l.location as location_name",
      "v.vendor_name",
      eb
        .selectFrom("purchase_lines as pl")
        .whereRef("pl.purchase_global_id", "=", "p.purchase_global_id")
        .select((e) => e.fn.sum<number>(e("pl.fob_micros", "*", e.ref("pl.num_units"))).as("s"))
        .as("ext_micros"),
      eb
        .selectFrom("purchase_lines as pl")
        .whereRef("pl.purchase_global_id", "=", "p.purchase_global_id")
        .select((e) => e.fn.sum<number>("pl.cases_centi").as("s"))
        .as("cases_centi"),
      eb
        .selectFrom("draft_lines as dl")
        .whereRef("dl.purchase_global_id", "=", "p.purchase_global_id")
        .select((e) => e.fn.sum<number>("dl.cases_centi").as("s"))
        .as("draft_cases_centi"),
    ])
    .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", inIds(suppliers!)));
}
type PurchaseRow = Awaited<ReturnType<ReturnType<typeof purchaseRows>["execute"]>>[number];

const moneyOrNull = (v: number | null) => (v === null ? null : money(v));

/** A purchase in v1 form. Drafts carry what they have: no ERP id, names, totals or dates until imported. */
function purchaseRecord(p: PurchaseRow, assetUrl: (path: string) => string): ApiRecord {
  const posted = p.purchase_id !== null;
  const total = posted
    ? Number(p.ext_micros ?? 0) + (p.freight_micros ?? 0) + (p.tax_micros ?? 0) + (p.other_cost_micros ?? 0)
    : null;
  return {
    PurchaseID: p.purchase_id,
    ShipmentID: p.shipment_id,
    ToLocationID: p.to_location_id,
    VendorID: p.vendor_id,
    ToLocationName: posted ? (p.location_name ?? null) : null,
    VendorName: posted ? (p.vendor_name ?? null) : null,
    ShipmentNum: p.shipment_num,
    ReceivingNum: p.receiving_num,
    PublicPDFLink: p.public_pdf_link === null ? null : assetUrl(p.public_pdf_link),
    Memo: p.memo,
    Terms: p.terms,
    PONum: p.po_num,
    Status: p.status,
    Freight: moneyOrNull(p.freight_micros),
    Tax: moneyOrNull(p.tax_micros),
    OtherCost: moneyOrNull(p.other_cost_micros),
    Total: total === null ? null : money(total),
    TotalCases: posted ? centi(Number(p.cases_centi ?? 0)) : centi(Number(p.draft_cases_centi ?? 0)),
    PurchasePDFURLAPIKeyID: p.purchase_pdf_url_api_key_id,
    TermID: p.term_id,
    ReceiveDate: dateTimeOrNull(p.receive_date),
    PostDate: dateTimeOrNull(p.post_date),
    LastEditTime: p.last_edit_time,
    LastCalcTime: p.last_calc_time,
    TimeUpdated: p.time_updated,
    InvoiceDate: dateTimeOrNull(p.invoice_date),
    DueDate: dateTimeOrNull(p.due_date),
    TimeCreated: p.time_created,
    PurchaseGlobalID: p.purchase_global_id,
  };
}

type PostedLine = Selectable<PurchaseLineTable> & { purchase_id: number | null };

function postedLineRecord(l: PostedLine): ApiRecord {
  return {
    PurchaseTransID: l.purchase_trans_id,
    PurchaseID: l.purchase_id,
    ProductID: l.product_id,
    Ordered: units(l.ordered),
    NumUnits: units(l.num_units),
    FOB: money(l.fob_micros),
    DepositCost: money(l.deposit_cost_micros),
    ExtPrice: money(l.fob_micros * l.num_units),
    LaidInCost: money(l.laid_in_cost_micros),
    Cases: centi(l.cases_centi),
    Weight: l.weight_centi === null ? null : centi(l.weight_centi),
    ExpirationDate: dateTimeOrNull(l.expiration_date),
    CodeDate: dateTimeOrNull(l.code_date),
    TimeUpdated: l.time_updated,
    BatchCode: l.batch_code,
    PalletTag: l.pallet_tag,
  };
}

function draftLineRecord(l: Selectable<DraftLineTable>): ApiRecord {
  return {
    id: l.id,
    product_id: l.product_id,
    num_units: l.num_units,
    batch_code: l.batch_code,
    expiration_date: l.expiration_date,
    needs_activation: bool(l.needs_activation),
    activation_task_id: l.activation_task_id,
  };
}

function renamed(record: ApiRecord, names: Record<string, string>): ApiRecord {
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [names[k] ?? k, v]));
}

function postedLines(db: Kysely<Database>) {
  return db
    .selectFrom("purchase_lines as pl")
    .innerJoin("purchases as p", "p.purchase_global_id", "pl.purchase_global_id")
    .selectAll("pl")
    .select("p.purchase_id");
}

/**
 * A purchase in v2 form. Beyond the documented fields it carries `supplier_id` and `delivery_date`, which a draft
 * editor needs to reload a draft; the live service's records carry undocumented fields too (field notes), and
 * clients must treat these as optional (docs/sandbox.md).
 */
function purchaseRecordV2(p: PurchaseRow, assetUrl: (path: string) => string): ApiRecord {
  return {
    ...renamed(purchaseRecord(p, assetUrl), PURCHASE_V2_NAMES),
    supplier_id: p.supplier_id,
    delivery_date: p.delivery_date,
  };
}

/** v2 records for a page of purchases, with their lines (posted lines once imported, draft lines before). */
async function v2Records(
  db: Kysely<Database>,
  rows: PurchaseRow[],
  withLines: boolean,
  assetUrl: (p: string) => string,
) {
  const records = rows.map((p) => purchaseRecordV2(p, assetUrl));
  if (!withLines || rows.length === 0) return records;
  const ids = rows.map((r) => r.purchase_global_id);
  const [posted, drafts] = await Promise.all([
    postedLines(db).where("pl.purchase_global_id", "in", ids).orderBy("pl.purchase_trans_id").execute(),
    db.selectFrom("draft_lines").selectAll().where("purchase_global_id", "in", ids).orderBy("position").execute(),
  ]);
  rows.forEach((row, i) => {
    const mine = posted.filter((l) => l.purchase_global_id === row.purchase_global_id);
    records[i]!.purchase_transactions = mine.length
      ? mine.map((l) => renamed(postedLineRecord(l), PURCHASE_LINE_V2_NAMES))
      : drafts.filter((l) => l.purchase_global_id === row.purchase_global_id).map(draftLineRecord);
  });
  return records;
}

/**
 * One purchase in v2 form, by global id or numeric ERP id, if the key may see it.
 *
 * @example
 * const record = await findPurchaseV2(db, scope, "7f3c…", true, assetUrl); // undefined when unknown or out of scope
 */
export async function findPurchaseV2(
  db: Kysely<Database>,
  scope: KeyScope,
  ref: string,
  withLines: boolean,
  assetUrl: (p: string) => string,
): Promise<ApiRecord | undefined> {
  const byId = /^\d+$/.test(ref);
  const row = await purchaseRows(db, scope)
    .where(byId ? "p.purchase_id" : "p.purchase_global_id", "=", byId ? Number(ref) : ref)
    .executeTakeFirst();
  if (!row) return undefined;
  const [record] = await v2Records(db, [row], withLines, assetUrl);
  return record;
}

const API_STATUSES = ["InProgress", "Submitted"] as const;

export const purchasingHandlers: Handlers = {
  // GET /vendors: active vendors unless an Employee key asks for inactive ones.
  async listVendors({ db, scope, query }) {
    const suppliers = visibleIds(query.SupplierIDs, supplierScope(scope));
    if (isEmpty(suppliers)) return EMPTY;
    const active = scope.type === "Employee" ? query.Active : true;
    const page = await listOf(
      (limit, offset) =>
        db
          .selectFrom("vendors")
          .selectAll()
          .$if(suppliers !== undefined, (q) => q.where("supplier_id", "in", suppliers!))
          .$if(query.LocationIDs !== undefined, (q) => q.where("location_id", "in", query.LocationIDs!))
          .$if(query.VendorIDs !== undefined, (q) => q.where("vendor_id", "in", query.VendorIDs!))
          .where("active", "=", active ? 1 : 0)
          .orderBy("vendor_id")
          .orderBy("location_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (v): ApiRecord => ({
        SupplierID: v.supplier_id,
        LocationID: v.location_id,
        VendorID: v.vendor_id,
        LeadTimeDays: v.lead_time_days,
        TargetDOI: v.target_doi,
        // Left out when the vendor has no maximum: records are sparse (field notes), never null where a number is documented.
        MaxDOI: v.max_doi ?? undefined,
        VendorName: v.vendor_name,
        VendorLicenseNumber: v.vendor_license_number,
        VendorAddress: v.vendor_address,
        VendorAddress2: v.vendor_address2,
        VendorCity: v.vendor_city,
        VendorState: v.vendor_state,
        VendorPostalCode: v.vendor_postal_code,
        PickupDates: [] as string[],
        RequirePOBatchCodes: bool(v.require_po_batch_codes),
        Active: bool(v.active),
        TimeUpdated: v.time_updated,
      }),
    );
    if ("records" in page && page.records.length) {
      const days = await db
        .selectFrom("vendor_pickup_days")
        .selectAll()
        .where("vendor_id", "in", [...new Set(page.records.map((r) => r.VendorID as number))])
        .orderBy("position")
        .execute();
      for (const r of page.records)
        r.PickupDates = days
          .filter((d) => d.vendor_id === r.VendorID && d.location_id === r.LocationID)
          .map((d) => d.day);
    }
    return page;
  },

  // GET /purchases (v1): purchases the ERP knows (posted, or imported API orders); StartDate/EndDate bound PostDate.
  async listPurchases({ db, scope, query, assetUrl }) {
    return listOf(
      (limit, offset) =>
        purchaseRows(db, scope)
          .where("p.purchase_id", "is not", null)
          .$if(query.PurchaseIDs !== undefined, (q) => q.where("p.purchase_id", "in", query.PurchaseIDs!))
          .$if(query.VendorIDs !== undefined, (q) => q.where("p.vendor_id", "in", query.VendorIDs!))
          .$if(query.LocationIDs !== undefined, (q) => q.where("p.to_location_id", "in", query.LocationIDs!))
          .$if(query.Statuses !== undefined, (q) => q.where("p.status", "in", query.Statuses!))
          .$if(query.StartDate !== undefined, (q) => q.where("p.post_date", ">=", query.StartDate!))
          .$if(query.EndDate !== undefined, (q) => q.where("p.post_date", "<", addDays(query.EndDate!, 1)))
          .orderBy("p.purchase_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (p) => purchaseRecord(p, assetUrl),
    );
  },

  async getPurchase({ db, scope, path, assetUrl }) {
    const row = await purchaseRows(db, scope).where("p.purchase_id", "=", path.purchaseID).executeTakeFirst();
    if (!row) throw notFound(`Purchase ${path.purchaseID}`);
    return { record: purchaseRecord(row, assetUrl) };
  },

  // GET /purchaseTrans (v1): posted lines of the given purchases.
  async listPurchaseTransactions({ db, scope, query }) {
    const suppliers = supplierScope(scope);
    return listOf(
      (limit, offset) =>
        postedLines(db)
          .where("p.purchase_id", "in", query.PurchaseIDs)
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", inIds(suppliers!)))
          .orderBy("pl.purchase_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      postedLineRecord,
    );
  },

  // GET /purchases (v2): API-originated orders (drafts included) and ERP-posted purchases in one list. A purchase
  // counts as API-originated while its status is InProgress or Submitted; dates bound delivery_date for those and
  // post_date for the rest.
  async listPurchasesV2({ db, scope, query, assetUrl }) {
    const numeric = query.purchase_ids?.filter((id) => /^\d+$/.test(id)).map(Number);
    const global = query.purchase_ids?.filter((id) => !/^\d+$/.test(id));
    const { rows, hasNextPage } = await pageOf(
      (limit, offset) =>
        purchaseRows(db, scope)
          .$if(query.purchase_ids !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                eb("p.purchase_id", "in", inIds(numeric!)),
                eb("p.purchase_global_id", "in", global!.length ? global! : [""]),
              ]),
            ),
          )
          .$if(query.vendor_ids !== undefined, (q) => q.where("p.vendor_id", "in", query.vendor_ids!))
          .$if(query.location_ids !== undefined, (q) => q.where("p.to_location_id", "in", query.location_ids!))
          .$if(query.statuses !== undefined, (q) => q.where("p.status", "in", query.statuses!))
          .$if(query.start_date !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                eb.and([eb("p.status", "in", API_STATUSES), eb("p.delivery_date", ">=", query.start_date!)]),
                eb.and([eb("p.status", "not in", API_STATUSES), eb("p.post_date", ">=", query.start_date!)]),
              ]),
            ),
          )
          .$if(query.end_date !== undefined, (q) =>
            q.where((eb) =>
              eb.or([
                eb.and([eb("p.status", "in", API_STATUSES), eb("p.delivery_date", "<", addDays(query.end_date!, 1))]),
                eb.and([eb("p.status", "not in", API_STATUSES), eb("p.post_date", "<", addDays(query.end_date!, 1))]),
              ]),
            ),
          )
          .orderBy("p.time_created", "desc")
          .orderBy("p.purchase_global_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query.page,
      query.page_size,
    );
    return { records: await v2Records(db, rows, query.include_transactions, assetUrl), hasNextPage };
  },

  // GET /purchases/{purchaseID} (v2): a global id resolves for the purchase's whole life; a numeric id once it has one.
  async getPurchaseV2({ db, scope, path, query, assetUrl }) {
    const record = await findPurchaseV2(db, scope, path.purchaseID, query.include_transactions, assetUrl);
    if (!record) throw notFound(`Purchase ${path.purchaseID}`);
    return { record };
  },

  // GET /purchaseTrans (v2): posted lines of the given purchases, in snake_case.
  async listPurchaseLinesV2({ db, scope, query }) {
    const suppliers = supplierScope(scope);
    return listOf(
      (limit, offset) =>
        postedLines(db)
          .where("p.purchase_id", "in", query.purchase_ids)
          .$if(suppliers !== undefined, (q) => q.where("p.supplier_id", "in", inIds(suppliers!)))
          .orderBy("pl.purchase_trans_id")
          .limit(limit)
          .offset(offset)
          .execute(),
      query,
      (l) => renamed(postedLineRecord(l), PURCHASE_LINE_V2_NAMES),
    );
  },
};
