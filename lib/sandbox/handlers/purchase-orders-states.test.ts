import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldError } from "@/lib/data-api/error-read";
import { openTestSandbox, type Answer, type TestSandbox } from "../testing";
import { expectDocumented, product } from "./test-fixtures";

// Contract tests of a purchase order's life after POST /purchases (v2): reads, PATCH, DELETE, submit and the ERP's
// import. The create and validate rules are in purchase-orders.test.ts.

const SUPPLIER = 101;
const VENDOR = 9002; // warehouses 1 and 2 (CA); no batch codes
const BATCH_VENDOR = 9001; // warehouses 1 and 2 (CA); RequirePOBatchCodes
const OTHER_SUPPLIER = 102;
const OTHER_VENDOR = 9004; // supplier 102's, warehouses 1 and 2
const DELIVERY = "2026-12-01"; // after the test clock's day, 2026-11-21

let sandbox: TestSandbox;
/** Active products of supplier 101 sold in CA, with their units per case; one of supplier 102's; one only warehouse 2 stocks. */
let ca: number[];
const perCase = new Map<number, number>();
let otherSuppliersProduct: number;
let unstocked: number;

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const { db } = sandbox;
  const products = await db
    .selectFrom("products")
    .select(["product_id", "supplier_id", "wholesale_units_per_case"])
    .where("state", "=", "CA")
    .where("status_id", "=", 1)
    .where("supplier_id", "in", [SUPPLIER, OTHER_SUPPLIER])
    .orderBy("product_id")
    .execute();
  for (const p of products) perCase.set(p.product_id, p.wholesale_units_per_case);
  ca = products.filter((p) => p.supplier_id === SUPPLIER).map((p) => p.product_id);
  otherSuppliersProduct = products.find((p) => p.supplier_id === OTHER_SUPPLIER)!.product_id;
  // A product new to the catalog: only warehouse 2 has stocked it, so ordering it to warehouse 1 needs an activation.
  const { max } = await db
    .selectFrom("products")
    .select((eb) => eb.fn.max("product_id").as("max"))
    .executeTakeFirstOrThrow();
  unstocked = Number(max) + 1;
  await db
    .insertInto("products")
    .values(product(unstocked, SUPPLIER, { state: "CA", wholesale_units_per_case: 6 }))
    .execute();
  await db
    .insertInto("inventory")
    .values({
      location_id: 2,
      product_id: unstocked,
      purchase_trans_id: 1,
      inventory: 0,
      received: 0,
      loaded: 0,
      picked: 0,
      pending_sales: 0,
      delivered: 0,
      unsellable: 0,
      pre_sales: 0,
      allocated: 0,
      not_authorized: 0,
      doi_centi: 0,
      avg_daily_sales_90d_centi: 0,
      time_updated: "2026-11-01T08:00:00.000Z",
    })
    .execute();
  expect(ca.length, "the seed has CA products of supplier 101").toBeGreaterThanOrEqual(3);
}, 60_000);
afterAll(() => sandbox.close());

interface DraftLine {
  id: number;
  product_id: number;
  num_units: number;
  batch_code: string | null;
  needs_activation: boolean;
  activation_task_id: number | null;
}
interface PostedLine {
  purchase_trans_id: number;
  purchase_id: number;
  product_id: number;
  num_units: string;
  batch_code: string | null;
}
interface Purchase {
  purchase_global_id: string;
  purchase_id: number | null;
  status: string;
  po_num: string;
  vendor_id: number;
  to_location_id: number;
  delivery_date: string;
  total_cases: string;
  purchase_transactions?: (DraftLine | PostedLine)[];
}
interface ErrorDetail {
  code: string;
  detail: string;
  fieldErrors?: FieldError[];
  purchase_global_id?: string;
}

let sequence = 0;
const poNum = () => `PO-STATE-${++sequence}`;
const order = (o: Record<string, unknown> = {}) => ({
  vendor_id: VENDOR,
  to_location_id: 1,
  supplier_id: SUPPLIER,
  delivery_date: DELIVERY,
  po_num: poNum(),
  purchase_transactions: [{ product_id: ca[0], cases: 2 }],
  ...o,
});
const data = (answer: Answer) => answer.body.data as Purchase;
const error = (answer: Answer) => answer.body.Error as ErrorDetail;
const linesOf = (purchase: Purchase) => purchase.purchase_transactions as DraftLine[];
/** A draft created with the demo Supplier key (or `as`), answered as created. */
async function draft(o: Record<string, unknown> = {}, as = "Supplier"): Promise<Purchase> {
  const answer = await sandbox.call("POST", "/v2/purchases", { as, body: order(o) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return data(answer);
}
/** Supplier 102's draft, made with the Employee key: out of the demo Supplier key's scope. */
const otherSuppliersDraft = () =>
  draft(
    {
      supplier_id: OTHER_SUPPLIER,
      vendor_id: OTHER_VENDOR,
      purchase_transactions: [{ product_id: otherSuppliersProduct, units: 4 }],
    },
    "Employee",
  );
const get = (id: string, as = "Supplier", query = "") => sandbox.call("GET", `/v2/purchases/${id}${query}`, { as });
const patch = (id: string, body: unknown, headers?: Record<string, string>) =>
  sandbox.call("PATCH", `/v2/purchases/${id}`, { as: "Supplier", body, headers });
const submit = (id: string, o: { as?: string; headers?: Record<string, string> } = {}) =>
  sandbox.call("POST", `/v2/purchases/${id}/submit`, { as: o.as ?? "Supplier", headers: o.headers });
const remove = (id: string, as = "Supplier") => sandbox.call("DELETE", `/v2/purchases/${id}`, { as });
/** The draft as stored now, read back through the API. */
const reread = async (id: string) => data(await get(id, "Employee"));

describe("GET /purchases (v2) and GET /purchases/{purchaseID}", () => {
  it("reads a draft by its global id, for the Supplier key that made it and for an Employee key", async () => {
    const created = await draft();
    for (const as of ["Supplier", "Employee"]) {
      const answer = await get(created.purchase_global_id, as);
      expect(answer.status).toBe(200);
      expectDocumented("getPurchaseV2", answer.body);
      expect(data(answer)).toEqual(created);
    }
  });

  it("GET /purchases/{purchaseID} answers 404 for an unknown global id, and to a Supplier key for another supplier's draft", async () => {
    const other = await otherSuppliersDraft();
    expect((await get(randomUUID())).status).toBe(404);
    expect((await get(other.purchase_global_id)).status).toBe(404);
    expect((await get(other.purchase_global_id, "Employee")).status).toBe(200);
  });

  it("omits the lines with include_transactions=false", async () => {
    const created = await draft();
    const one = await get(created.purchase_global_id, "Supplier", "?include_transactions=false");
    expect(one.status).toBe(200);
    expect(data(one)).not.toHaveProperty("purchase_transactions");
    expect(data(one).total_cases).toBe(created.total_cases);
    const list = await sandbox.call(
      "GET",
      `/v2/purchases?purchase_ids=${created.purchase_global_id}&include_transactions=false`,
      { as: "Supplier" },
    );
    expect((list.body.data as Purchase[]).map((p) => [p.purchase_global_id, "purchase_transactions" in p])).toEqual([
      [created.purchase_global_id, false],
    ]);
  });

  it("lists drafts and submitted orders under statuses=InProgress,Submitted, and only ERP-posted purchases under the ERP statuses", async () => {
    const inProgress = await draft();
    const submitted = await draft();
    expect((await submit(submitted.purchase_global_id)).status).toBe(200);
    const other = await otherSuppliersDraft();

    const api = await sandbox.call("GET", "/v2/purchases?statuses=InProgress,Submitted&page_size=500", {
      as: "Supplier",
    });
    expect(api.status).toBe(200);
    expectDocumented("listPurchasesV2", api.body);
    const listed = api.body.data as Purchase[];
    expect(listed.find((p) => p.purchase_global_id === inProgress.purchase_global_id)).toEqual(inProgress);
    expect(listed.find((p) => p.purchase_global_id === submitted.purchase_global_id)?.status).toBe("Submitted");
    expect(
      listed.map((p) => p.purchase_global_id),
      "another supplier's draft stays out of the Supplier key's list",
    ).not.toContain(other.purchase_global_id);
    expect(new Set(listed.map((p) => p.status))).toEqual(new Set(["InProgress", "Submitted"]));

    const erp = await sandbox.call(
      "GET",
      "/v2/purchases?statuses=New,Accepted,Received,Confirmed,Verified&page_size=500",
      { as: "Supplier" },
    );
    const erpIds = (erp.body.data as Purchase[]).map((p) => p.purchase_global_id);
    expect(erpIds.length).toBeGreaterThan(0);
    expect(erpIds).not.toContain(inProgress.purchase_global_id);
  });
});

describe("PATCH /purchases/{purchaseGlobalID}", () => {
  it("replaces the supplied fields and leaves the others, lines included, as they were", async () => {
    const created = await draft({
      purchase_transactions: [
        { product_id: ca[0], cases: 2 },
        { product_id: ca[1], units: 5, batch_code: "B-5" },
      ],
    });
    const po = poNum();
    const answer = await patch(created.purchase_global_id, { po_num: po, delivery_date: "2026-12-24" });
    expect(answer.status).toBe(200);
    expectDocumented("updatePurchase", answer.body);
    expect(data(answer)).toEqual({
      ...created,
      po_num: po,
      delivery_date: "2026-12-24",
      last_edit_time: expect.any(String),
      time_updated: expect.any(String),
    });
    expect(await reread(created.purchase_global_id)).toEqual(data(answer));
  });

  it("replaces every line with purchase_transactions, and removes them all with []", async () => {
    const created = await draft({
      purchase_transactions: [
        { product_id: ca[0], cases: 2 },
        { product_id: ca[1], cases: 1 },
      ],
    });
    const replaced = data(
      await patch(created.purchase_global_id, {
        purchase_transactions: [{ product_id: ca[2], units: 3, batch_code: "N-3" }],
      }),
    );
    expect(linesOf(replaced).map((l) => [l.product_id, l.num_units, l.batch_code])).toEqual([[ca[2], 3, "N-3"]]);
    expect(replaced.total_cases).toBe((Math.round(300 / perCase.get(ca[2]!)!) / 100).toFixed(2));
    expect(linesOf(await reread(created.purchase_global_id))).toEqual(linesOf(replaced));

    const emptied = await patch(created.purchase_global_id, { purchase_transactions: [] });
    expect([emptied.status, linesOf(data(emptied)), data(emptied).total_cases]).toEqual([200, [], "0.00"]);
    expect(
      await sandbox.db
        .selectFrom("draft_lines")
        .select("id")
        .where("purchase_global_id", "=", created.purchase_global_id)
        .execute(),
    ).toEqual([]);
  });

  it("PATCH /purchases/{id} rejects status with 400, and ignores it with Prefer: handling=lenient", async () => {
    const created = await draft();
    const strict = await patch(created.purchase_global_id, { status: "Submitted" });
    expect([strict.status, error(strict).fieldErrors]).toEqual([
      400,
      [expect.objectContaining({ field: "status", code: "UNKNOWN_FIELD" })],
    ]);
    const lenient = await patch(
      created.purchase_global_id,
      { status: "Submitted", delivery_date: "2026-12-02" },
      { Prefer: "handling=lenient" },
    );
    expect([
      lenient.status,
      lenient.headers.get("Preference-Applied"),
      data(lenient).status,
      data(lenient).delivery_date,
    ]).toEqual([200, "handling=lenient", "InProgress", "2026-12-02"]);
    expect((await reread(created.purchase_global_id)).status).toBe("InProgress");
  });

  it("PATCH /purchases/{id} rejects the po_num of another purchase of the vendor with 409 naming it, and keeps its own", async () => {
    const [mine, theirs] = [await draft(), await draft()];
    const answer = await patch(mine.purchase_global_id, { po_num: theirs.po_num });
    expect([answer.status, error(answer).code, error(answer).purchase_global_id]).toEqual([
      409,
      "DUPLICATE_PO_NUMBER",
      theirs.purchase_global_id,
    ]);
    expect(error(answer).detail).toContain(theirs.purchase_global_id);
    expect((await reread(mine.purchase_global_id)).po_num).toBe(mine.po_num);
    // Moving to a vendor that already has the po_num is the same conflict.
    const elsewhere = await draft({ vendor_id: BATCH_VENDOR });
    const moved = await patch(elsewhere.purchase_global_id, { vendor_id: VENDOR, po_num: mine.po_num });
    expect([moved.status, error(moved).purchase_global_id]).toEqual([409, mine.purchase_global_id]);
  });

  it("keeps the lines when it moves the draft, and tells again which ones the new warehouse must activate", async () => {
    const created = await draft({
      purchase_transactions: [
        { product_id: ca[0], cases: 1 },
        { product_id: unstocked, units: 6 },
      ],
    });
    expect(linesOf(created).map((l) => l.needs_activation)).toEqual([false, true]);
    const moved = data(await patch(created.purchase_global_id, { to_location_id: 2 }));
    expect(linesOf(moved)).toEqual(linesOf(created).map((l) => ({ ...l, needs_activation: false })));
  });

  it("takes the draft's own po_num", async () => {
    const created = await draft();
    const answer = await patch(created.purchase_global_id, { po_num: created.po_num });
    expect([answer.status, data(answer).po_num]).toEqual([200, created.po_num]);
  });

  it("with Prefer: return=minimal answers 204 with no body, and the change is made", async () => {
    const created = await draft();
    const answer = await patch(created.purchase_global_id, { to_location_id: 2 }, { Prefer: "return=minimal" });
    expect([answer.status, answer.body, answer.headers.get("Preference-Applied")]).toEqual([
      204,
      undefined,
      "return=minimal",
    ]);
    expect((await reread(created.purchase_global_id)).to_location_id).toBe(2);
  });

  it.each<[string, () => Record<string, unknown>, Partial<FieldError>]>([
    [
      "a warehouse the vendor does not deliver to",
      () => ({ to_location_id: 3 }),
      { field: "to_location_id", code: "VENDOR_NOT_AT_LOCATION" },
    ],
    [
      "a warehouse in another state than its lines' products",
      () => ({ to_location_id: 3 }),
      { field: "purchase_transactions[0].product_id", code: "PRODUCT_NOT_IN_STATE", index: 0 },
    ],
    [
      "lines of another supplier's product",
      () => ({ purchase_transactions: [{ product_id: otherSuppliersProduct, cases: 1 }] }),
      { field: "purchase_transactions[0].product_id", code: "UNKNOWN_PRODUCT", index: 0 },
    ],
    [
      "a delivery date in the past",
      () => ({ delivery_date: "2026-11-20" }),
      { field: "delivery_date", code: "DELIVERY_DATE_IN_PAST" },
    ],
  ])("PATCH /purchases/{id} rejects %s with 422 and changes nothing", async (_, change, fieldError) => {
    const created = await draft();
    const answer = await patch(created.purchase_global_id, change());
    expect([answer.status, error(answer).code]).toEqual([422, "UNPROCESSABLE"]);
    expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
    expect(await reread(created.purchase_global_id)).toEqual(created);
  });

  it("PATCH /purchases/{id} answers 404 for an unknown id, and to a Supplier key for another supplier's draft", async () => {
    const other = await otherSuppliersDraft();
    expect((await patch(randomUUID(), { po_num: poNum() })).status).toBe(404);
    expect((await patch(other.purchase_global_id, { po_num: poNum() })).status).toBe(404);
    expect((await reread(other.purchase_global_id)).po_num).toBe(other.po_num);
  });

  it("PATCH /purchases/{id} refuses a submitted purchase with 409 PURCHASE_NOT_DRAFT", async () => {
    const created = await draft();
    const submitted = data(await submit(created.purchase_global_id));
    const answer = await patch(created.purchase_global_id, { purchase_transactions: [] });
    expect([answer.status, error(answer).code]).toEqual([409, "PURCHASE_NOT_DRAFT"]);
    expect(await reread(created.purchase_global_id)).toEqual(submitted);
  });
});

describe("DELETE /purchases/{purchaseGlobalID}", () => {
  it("deletes a draft with 204; later reads and deletes answer 404", async () => {
    const created = await draft();
    const answer = await remove(created.purchase_global_id);
    expect([answer.status, answer.body]).toEqual([204, undefined]);
    expect((await get(created.purchase_global_id)).status).toBe(404);
    expect((await remove(created.purchase_global_id)).status).toBe(404);
    expect(
      await sandbox.db
        .selectFrom("draft_lines")
        .select("id")
        .where("purchase_global_id", "=", created.purchase_global_id)
        .execute(),
    ).toEqual([]);
  });

  it("DELETE /purchases/{id} refuses a submitted purchase with 409, and keeps it", async () => {
    const created = await draft();
    expect((await submit(created.purchase_global_id)).status).toBe(200);
    const answer = await remove(created.purchase_global_id);
    expect([answer.status, error(answer).code]).toEqual([409, "PURCHASE_NOT_DRAFT"]);
    expect((await reread(created.purchase_global_id)).status).toBe("Submitted");
  });

  it("DELETE /purchases/{id} answers 404 to a Supplier key for another supplier's draft, and keeps it", async () => {
    const other = await otherSuppliersDraft();
    expect((await remove(other.purchase_global_id)).status).toBe(404);
    expect((await get(other.purchase_global_id, "Employee")).status).toBe(200);
  });

  it("DELETE /purchases/{id} refuses an ERP-posted purchase with 409", async () => {
    const posted = await sandbox.db
      .selectFrom("purchases")
      .select(["purchase_id", "purchase_global_id"])
      .where("source", "=", "erp")
      .where("supplier_id", "=", SUPPLIER)
      .executeTakeFirstOrThrow();
    for (const id of [posted.purchase_global_id, String(posted.purchase_id)]) {
      const answer = await remove(id, "Employee");
      expect([answer.status, error(answer).code]).toEqual([409, "PURCHASE_NOT_DRAFT"]);
    }
  });
});

describe("POST /purchases/{purchaseGlobalID}/submit", () => {
  it("submits a draft: 200, Submitted, lines as they were; a second submit answers 409", async () => {
    const created = await draft({
      vendor_id: BATCH_VENDOR,
      purchase_transactions: [{ product_id: ca[0], cases: 1, batch_code: "LOT-9" }],
    });
    const answer = await submit(created.purchase_global_id);
    expect(answer.status).toBe(200);
    expectDocumented("submitPurchase", answer.body);
    expect(data(answer)).toEqual({ ...created, status: "Submitted", time_updated: expect.any(String) });
    expect(await reread(created.purchase_global_id)).toEqual(data(answer));

    const again = await submit(created.purchase_global_id);
    expect([again.status, error(again).code]).toEqual([409, "PURCHASE_NOT_DRAFT"]);
  });

  it.each<[string, () => Record<string, unknown>, Partial<FieldError>]>([
    ["no line items", () => ({ purchase_transactions: [] }), { field: "purchase_transactions", code: "NO_LINE_ITEMS" }],
    [
      "a line without the batch code vendor 9001 requires",
      () => ({
        vendor_id: BATCH_VENDOR,
        purchase_transactions: [
          { product_id: ca[0], cases: 1, batch_code: "LOT-1" },
          { product_id: ca[1], cases: 1 },
        ],
      }),
      { field: "purchase_transactions[1].batch_code", code: "BATCH_CODE_REQUIRED", index: 1 },
    ],
    [
      "a quantity of zero",
      () => ({ purchase_transactions: [{ product_id: ca[0], units: 0 }] }),
      { code: "QUANTITY_NOT_POSITIVE", index: 0, field: "purchase_transactions[0].units" },
    ],
  ])(
    "POST /purchases/{id}/submit refuses a draft with %s with 409 NOT_SUBMITTABLE, and it stays a draft",
    async (_, o, fieldError) => {
      const created = await draft(o());
      const answer = await submit(created.purchase_global_id);
      expect([answer.status, error(answer).code]).toEqual([409, "NOT_SUBMITTABLE"]);
      expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
      expect(await reread(created.purchase_global_id)).toEqual(created);
    },
  );

  it("submits a draft the missing batch code was added to by PATCH", async () => {
    const created = await draft({ vendor_id: BATCH_VENDOR, purchase_transactions: [{ product_id: ca[0], cases: 1 }] });
    expect((await submit(created.purchase_global_id)).status).toBe(409);
    expect(
      (
        await patch(created.purchase_global_id, {
          purchase_transactions: [{ product_id: ca[0], cases: 1, batch_code: "LOT-4" }],
        })
      ).status,
    ).toBe(200);
    expect(data(await submit(created.purchase_global_id)).status).toBe("Submitted");
  });

  it("with Prefer: return=minimal answers 204 with no body, and the purchase is Submitted", async () => {
    const created = await draft();
    const answer = await submit(created.purchase_global_id, { headers: { Prefer: "return=minimal" } });
    expect([answer.status, answer.body, answer.headers.get("Preference-Applied")]).toEqual([
      204,
      undefined,
      "return=minimal",
    ]);
    expect((await reread(created.purchase_global_id)).status).toBe("Submitted");
  });

  it("POST /purchases/{id}/submit answers 404 for an unknown id, and to a Supplier key for another supplier's draft", async () => {
    const other = await otherSuppliersDraft();
    expect((await submit(randomUUID())).status).toBe(404);
    expect((await submit(other.purchase_global_id)).status).toBe(404);
    expect((await reread(other.purchase_global_id)).status).toBe("InProgress");
    expect((await submit(other.purchase_global_id, { as: "Employee" })).status).toBe(200);
  });

  it("gives a line of a product new to the warehouse an activation task once the order is submitted", async () => {
    const created = await draft({
      purchase_transactions: [
        { product_id: ca[0], cases: 1 },
        { product_id: unstocked, cases: 2 },
      ],
    });
    expect(linesOf(created).map((l) => [l.product_id, l.num_units, l.needs_activation, l.activation_task_id])).toEqual([
      [ca[0], perCase.get(ca[0]!), false, null],
      [unstocked, 12, true, null],
    ]);
    const [stocked, fresh] = linesOf(data(await submit(created.purchase_global_id)));
    expect([stocked?.activation_task_id, fresh?.activation_task_id]).toEqual([null, expect.any(Number)]);
  });

  it("gives a line of a product new to the warehouse an activation task when the order is created with submit=true", async () => {
    const answer = await sandbox.call("POST", "/v2/purchases?submit=true", {
      as: "Supplier",
      body: order({ purchase_transactions: [{ product_id: unstocked, units: 6 }] }),
    });
    expect([answer.status, data(answer).status]).toEqual([201, "Submitted"]);
    expect(linesOf(data(answer))).toEqual([
      expect.objectContaining({
        product_id: unstocked,
        needs_activation: true,
        activation_task_id: expect.any(Number),
      }),
    ]);
  });
});

describe("a submitted purchase order after the ERP's import", () => {
  let submitted: Purchase;
  let draftLeft: Purchase;
  let imported: Purchase;

  beforeAll(async () => {
    const created = await draft({
      vendor_id: BATCH_VENDOR,
      purchase_transactions: [
        { product_id: ca[0], cases: 2, batch_code: "LOT-A" },
        { product_id: ca[1], units: 5, batch_code: "LOT-B" },
      ],
    });
    submitted = data(await submit(created.purchase_global_id));
    draftLeft = await draft();
    const before = await sandbox.call("GET", "/v1/purchases?PageSize=500", { as: "Supplier" });
    expect(
      (before.body.Data as { PurchaseGlobalID: string }[]).map((p) => p.PurchaseGlobalID),
      "not in the ERP before the import",
    ).not.toContain(submitted.purchase_global_id);
    const job = await sandbox.operator("POST", "/jobs/import");
    expect([job.status, (job.body as { imported: number }).imported > 0]).toEqual([200, true]);
    imported = data(await get(submitted.purchase_global_id));
  });

  it("carries an ERP purchase_id and status New, and its lines are posted lines", async () => {
    expect(imported).toMatchObject({
      purchase_global_id: submitted.purchase_global_id,
      purchase_id: expect.any(Number),
      status: "New",
      po_num: submitted.po_num,
    });
    const lines = imported.purchase_transactions as PostedLine[];
    expect(
      lines.map((l) => [typeof l.purchase_trans_id, l.purchase_id, l.product_id, Number(l.num_units), l.batch_code]),
    ).toEqual([
      ["number", imported.purchase_id, ca[0], 2 * perCase.get(ca[0]!)!, "LOT-A"],
      ["number", imported.purchase_id, ca[1], 5, "LOT-B"],
    ]);
  });

  it("resolves by its numeric id as by its global id, in GET /purchases/{purchaseID} and in purchase_ids", async () => {
    const byId = await get(String(imported.purchase_id));
    expect(byId.status).toBe(200);
    expectDocumented("getPurchaseV2", byId.body);
    expect(data(byId)).toEqual(imported);
    for (const ref of [String(imported.purchase_id), imported.purchase_global_id]) {
      const list = await sandbox.call("GET", `/v2/purchases?purchase_ids=${ref}`, { as: "Supplier" });
      expect(list.body.data).toEqual([imported]);
    }
  });

  it("is seen by the v1 reads and GET /purchaseTrans (v2)", async () => {
    const id = imported.purchase_id!;
    const list = await sandbox.call("GET", `/v1/purchases?PurchaseIDs=${id}`, { as: "Supplier" });
    expectDocumented("listPurchases", list.body);
    expect(
      (list.body.Data as Record<string, unknown>[]).map((p) => [p.PurchaseID, p.PurchaseGlobalID, p.Status]),
    ).toEqual([[id, imported.purchase_global_id, "New"]]);

    const one = await sandbox.call("GET", `/v1/purchases/${id}`, { as: "Supplier" });
    expect([one.status, (one.body.Data as Record<string, unknown>).PurchaseGlobalID]).toEqual([
      200,
      imported.purchase_global_id,
    ]);

    const v1Lines = await sandbox.call("GET", `/v1/purchaseTrans?PurchaseIDs=${id}`, { as: "Supplier" });
    expectDocumented("listPurchaseTransactions", v1Lines.body);
    const postedIds = (imported.purchase_transactions as PostedLine[]).map((l) => l.purchase_trans_id);
    expect((v1Lines.body.Data as Record<string, unknown>[]).map((l) => l.PurchaseTransID)).toEqual(postedIds);

    const v2Lines = await sandbox.call("GET", `/v2/purchaseTrans?purchase_ids=${id}`, { as: "Supplier" });
    expectDocumented("listPurchaseLinesV2", v2Lines.body);
    expect(v2Lines.body.data).toEqual(imported.purchase_transactions);
  });

  it("is no longer a draft: PATCH, DELETE and submit answer 409", async () => {
    const answers = [
      await patch(imported.purchase_global_id, { po_num: poNum() }),
      await remove(imported.purchase_global_id),
      await submit(imported.purchase_global_id),
    ];
    expect(answers.map((a) => [a.status, error(a).code])).toEqual(Array(3).fill([409, "PURCHASE_NOT_DRAFT"]));
  });

  it("leaves an unsubmitted draft alone", async () => {
    expect(await reread(draftLeft.purchase_global_id)).toEqual(draftLeft);
  });
});
