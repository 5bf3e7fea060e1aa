import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FieldError } from "@/lib/data-api/error-read";
import { MAX_BODY_BYTES } from "@/lib/data-api/request-body";
import { demoKeys, hashKey } from "../keys";
import { openTestSandbox, type Answer, type TestSandbox } from "../testing";
import { expectDocumented } from "./test-fixtures";

// Contract tests of POST /purchases and POST /purchases/validate (v2), and of the Customer key's 403 on every purchase
// operation. Drafts, edits, submits and the ERP import are in purchase-orders-states.test.ts.

/** The demo Supplier key's supplier, its vendors, and the other supplier the key may not write for. */
const SUPPLIER = 101;
const VENDOR = 9002; // warehouses 1 and 2 (CA); no batch codes
const BATCH_VENDOR = 9001; // warehouses 1 and 2 (CA); RequirePOBatchCodes
const NV_VENDOR = 9003; // warehouse 3 (NV); no batch codes, no pickup days
const OTHER_SUPPLIER = 102;
const OTHER_VENDOR = 9004; // supplier 102's, warehouses 1 and 2
const DELIVERY = "2026-12-01"; // after the test clock's day, 2026-11-21

let sandbox: TestSandbox;
/** Active products of supplier 101 sold in CA (warehouses 1 and 2) and in NV (warehouse 3), with units per case. */
let ca: number[];
let nv: number[];
const perCase = new Map<number, number>();
let discontinued: number;
let otherSuppliersProduct: number;

beforeAll(async () => {
  sandbox = await openTestSandbox();
  const products = await sandbox.db
    .selectFrom("products")
    .select(["product_id", "supplier_id", "state", "status_id", "wholesale_units_per_case"])
    .where("supplier_id", "in", [SUPPLIER, OTHER_SUPPLIER])
    .orderBy("product_id")
    .execute();
  for (const p of products) perCase.set(p.product_id, p.wholesale_units_per_case);
  const of = (supplier: number, state: string, status: number) =>
    products
      .filter((p) => p.supplier_id === supplier && p.state === state && p.status_id === status)
      .map((p) => p.product_id);
  ca = of(SUPPLIER, "CA", 1);
  nv = of(SUPPLIER, "NV", 1);
  discontinued = of(SUPPLIER, "CA", 0)[0]!;
  otherSuppliersProduct = of(OTHER_SUPPLIER, "CA", 1)[0]!;
  expect(
    [ca.length >= 3, nv.length >= 1, discontinued, otherSuppliersProduct].every(Boolean),
    "the seed has the products these tests use",
  ).toBe(true);
}, 60_000);
afterAll(() => sandbox.close());

interface Line {
  id: number;
  product_id: number;
  num_units: number;
  batch_code: string | null;
  expiration_date: string | null;
  needs_activation: boolean;
  activation_task_id: number | null;
}
interface Purchase {
  purchase_global_id: string;
  purchase_id: number | null;
  status: string;
  po_num: string;
  total_cases: string;
  memo: string | null;
  purchase_transactions?: Line[];
}
interface ErrorDetail {
  code: string;
  detail: string;
  fieldErrors?: FieldError[];
  purchase_global_id?: string;
}

let sequence = 0;
/** A po_num no other test uses. */
const poNum = () => `PO-CREATE-${++sequence}`;
/** A valid draft for the demo Supplier key: one line of 2 cases of a CA product, to vendor 9002 at warehouse 1. */
const order = (o: Record<string, unknown> = {}) => ({
  vendor_id: VENDOR,
  to_location_id: 1,
  supplier_id: SUPPLIER,
  delivery_date: DELIVERY,
  po_num: poNum(),
  purchase_transactions: [{ product_id: ca[0], cases: 2 }],
  ...o,
});
const create = (body: unknown, o: { as?: string; query?: string; headers?: Record<string, string> } = {}) =>
  sandbox.call("POST", `/v2/purchases${o.query ?? ""}`, { as: o.as ?? "Supplier", body, headers: o.headers });
const validate = (body: unknown, o: { as?: string; headers?: Record<string, string> } = {}) =>
  sandbox.call("POST", "/v2/purchases/validate", { as: o.as ?? "Supplier", body, headers: o.headers });
const data = (answer: Answer) => answer.body.data as Purchase;
const error = (answer: Answer) => answer.body.Error as ErrorDetail;
const purchaseCount = async () =>
  Number(
    (
      await sandbox.db
        .selectFrom("purchases")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
const withPoNum = (po: string) => sandbox.db.selectFrom("purchases").selectAll().where("po_num", "=", po).execute();
const userOfKey = async (type: "Employee" | "Supplier") =>
  (
    await sandbox.db
      .selectFrom("api_keys")
      .select("user_id")
      .where("key_hash", "=", hashKey(demoKeys("test")[type]))
      .executeTakeFirstOrThrow()
  ).user_id;

describe("POST /purchases", () => {
  it("creates a draft: 201, InProgress, no ERP id, a global id, an absolute Location, lines counted in units", async () => {
    const [a, b, c] = ca as [number, number, number];
    const body = order({
      purchase_transactions: [
        { product_id: a, cases: 2 },
        { product_id: b, units: 7, batch_code: "B-7", expiration_date: "2027-06-01" },
        { product_id: c, cases: 0.5 },
      ],
    });
    const answer = await create(body);

    expect(answer.status).toBe(201);
    expectDocumented("createPurchase", answer.body);
    const purchase = data(answer);
    expect(purchase).toMatchObject({
      status: "InProgress",
      purchase_id: null,
      po_num: body.po_num,
      vendor_id: VENDOR,
      to_location_id: 1,
      supplier_id: SUPPLIER,
      delivery_date: DELIVERY,
    });
    expect(purchase.purchase_global_id).toMatch(/^[0-9a-f-]{36}$/);
    const location = new URL(answer.headers.get("Location")!);
    expect(location.pathname).toBe(`/test/api/v2/purchases/${purchase.purchase_global_id}`);
    const casesCenti = 200 + Math.round((7 * 100) / perCase.get(b)!) + 50;
    expect(purchase.total_cases).toBe((casesCenti / 100).toFixed(2));
    expect(purchase.purchase_transactions).toEqual([
      {
        id: expect.any(Number),
        product_id: a,
        num_units: 2 * perCase.get(a)!,
        batch_code: null,
        expiration_date: null,
        needs_activation: false,
        activation_task_id: null,
      },
      {
        id: expect.any(Number),
        product_id: b,
        num_units: 7,
        batch_code: "B-7",
        expiration_date: "2027-06-01",
        needs_activation: false,
        activation_task_id: null,
      },
      {
        id: expect.any(Number),
        product_id: c,
        num_units: perCase.get(c)! / 2,
        batch_code: null,
        expiration_date: null,
        needs_activation: false,
        activation_task_id: null,
      },
    ]);

    const read = await sandbox.call("GET", location.pathname.replace("/test/api", ""), { as: "Supplier" });
    expect([read.status, read.body]).toEqual([200, answer.body]);
  });

  it.each<[string, "Employee" | "Supplier", number | undefined, "Employee" | "Supplier" | number]>([
    ["a Supplier key's created_by_user_id is ignored: the key's own user", "Supplier", 1005, "Supplier"],
    ["an Employee key's created_by_user_id is honoured", "Employee", 1005, 1005],
    ["an Employee key without created_by_user_id: the key's own user", "Employee", undefined, "Employee"],
  ])("records the creator: %s", async (_, as, createdBy, expected) => {
    const body = order(createdBy === undefined ? {} : { created_by_user_id: createdBy });
    expect((await create(body, { as })).status).toBe(201);
    const [row] = await withPoNum(body.po_num);
    expect(row?.created_by_user_id).toBe(typeof expected === "number" ? expected : await userOfKey(expected));
  });

  it("puts supplier_name in the memo, falling back to the vendor's name", async () => {
    const vendor = await sandbox.db
      .selectFrom("vendors")
      .select("vendor_name")
      .where("vendor_id", "=", VENDOR)
      .executeTakeFirstOrThrow();
    expect(data(await create(order({ supplier_name: "Mojave Sun HQ" }))).memo).toBe("Supplier: Mojave Sun HQ");
    expect(data(await create(order())).memo).toBe(`Supplier: ${vendor.vendor_name}`);
  });

  it("lets an Employee key create for any supplier", async () => {
    const answer = await create(
      order({
        supplier_id: OTHER_SUPPLIER,
        vendor_id: OTHER_VENDOR,
        purchase_transactions: [{ product_id: otherSuppliersProduct, units: 3 }],
      }),
      { as: "Employee" },
    );
    expect([answer.status, data(answer).status]).toEqual([201, "InProgress"]);
  });

  it("with submit=true creates the purchase order directly in Submitted", async () => {
    const answer = await create(
      order({ vendor_id: BATCH_VENDOR, purchase_transactions: [{ product_id: ca[0], cases: 1, batch_code: "LOT-1" }] }),
      { query: "?submit=true" },
    );
    expect([answer.status, data(answer).status, data(answer).purchase_id]).toEqual([201, "Submitted", null]);
    expectDocumented("createPurchase", answer.body);
    const read = await sandbox.call("GET", `/v2/purchases/${data(answer).purchase_global_id}`, { as: "Supplier" });
    expect((read.body.data as Purchase).status).toBe("Submitted");
  });

  it.each<[string, Record<string, unknown>, Partial<FieldError>]>([
    ["no line items", { purchase_transactions: [] }, { field: "purchase_transactions", code: "NO_LINE_ITEMS" }],
    [
      "a quantity of zero",
      { purchase_transactions: [{ product_id: 0, cases: 0 }] },
      { field: "purchase_transactions[0].cases", code: "QUANTITY_NOT_POSITIVE", index: 0 },
    ],
    [
      "a line without the batch code vendor 9001 requires",
      { vendor_id: BATCH_VENDOR, purchase_transactions: [{ product_id: 0, units: 4 }] },
      { field: "purchase_transactions[0].batch_code", code: "BATCH_CODE_REQUIRED", index: 0 },
    ],
  ])(
    "POST /purchases?submit=true refuses %s with 422 NOT_SUBMITTABLE and creates nothing",
    async (_, o, fieldError) => {
      const lines = (o.purchase_transactions as { product_id: number }[]).map((l) => ({ ...l, product_id: ca[0] }));
      const body = order({ ...o, purchase_transactions: lines });
      const before = await purchaseCount();
      const answer = await create(body, { query: "?submit=true" });
      expect([answer.status, error(answer).code]).toEqual([422, "NOT_SUBMITTABLE"]);
      expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
      expect(await purchaseCount()).toBe(before);
      expect(await withPoNum(body.po_num)).toEqual([]);
    },
  );

  it("with Prefer: return=minimal answers 201 with Location and no body", async () => {
    const body = order();
    const answer = await create(body, { headers: { Prefer: "return=minimal" } });
    expect([answer.status, answer.body, answer.headers.get("Preference-Applied")]).toEqual([
      201,
      undefined,
      "return=minimal",
    ]);
    const [row] = await withPoNum(body.po_num);
    expect(new URL(answer.headers.get("Location")!).pathname).toBe(`/test/api/v2/purchases/${row!.purchase_global_id}`);
  });

  it("with Prefer: handling=lenient ignores unknown properties, on the order and on its lines", async () => {
    const body = order({ colour: "red", purchase_transactions: [{ product_id: ca[0], cases: 1, colour: "blue" }] });
    const answer = await create(body, { headers: { Prefer: "handling=lenient" } });
    expect([answer.status, answer.headers.get("Preference-Applied")]).toEqual([201, "handling=lenient"]);
    expect(data(answer)).not.toHaveProperty("colour");
    expect(data(answer).purchase_transactions).toEqual([
      expect.objectContaining({ product_id: ca[0], num_units: perCase.get(ca[0]!) }),
    ]);
  });

  const line = (o: Record<string, unknown> = {}) => ({ product_id: ca[0], cases: 1, ...o });
  it.each<[string, (body: Record<string, unknown>) => unknown, Partial<FieldError>]>([
    ["an unknown property, naming it", (b) => ({ ...b, colour: "red" }), { field: "colour", code: "UNKNOWN_FIELD" }],
    [
      "an unknown property on a line, naming it",
      (b) => ({ ...b, purchase_transactions: [line({ colour: "red" })] }),
      { field: "purchase_transactions[0].colour", code: "UNKNOWN_FIELD", index: 0 },
    ],
    [
      "status, which it does not take",
      (b) => ({ ...b, status: "Submitted" }),
      { field: "status", code: "UNKNOWN_FIELD" },
    ],
    [
      "a line with both cases and units",
      (b) => ({ ...b, purchase_transactions: [line(), line({ units: 12 })] }),
      { field: "purchase_transactions[1].units", index: 1 },
    ],
    [
      "a line with neither cases nor units",
      (b) => ({ ...b, purchase_transactions: [line({ cases: undefined })] }),
      { field: "purchase_transactions[0].cases", index: 0 },
    ],
    [
      "201 line items",
      (b) => ({ ...b, purchase_transactions: Array.from({ length: 201 }, () => line()) }),
      { field: "purchase_transactions", code: "TOO_LARGE" },
    ],
    ["a missing vendor_id", (b) => ({ ...b, vendor_id: undefined }), { field: "vendor_id", code: "REQUIRED" }],
    [
      "a missing to_location_id",
      (b) => ({ ...b, to_location_id: undefined }),
      { field: "to_location_id", code: "REQUIRED" },
    ],
    ["a missing supplier_id", (b) => ({ ...b, supplier_id: undefined }), { field: "supplier_id", code: "REQUIRED" }],
    ["a missing po_num", (b) => ({ ...b, po_num: undefined }), { field: "po_num", code: "REQUIRED" }],
    [
      "a line without product_id",
      (b) => ({ ...b, purchase_transactions: [line({ product_id: undefined })] }),
      { field: "purchase_transactions[0].product_id", code: "REQUIRED", index: 0 },
    ],
    ["an empty po_num", (b) => ({ ...b, po_num: "" }), { field: "po_num", code: "TOO_SMALL" }],
    [
      "a vendor_id sent as a string",
      (b) => ({ ...b, vendor_id: String(VENDOR) }),
      { field: "vendor_id", code: "INVALID_TYPE" },
    ],
    [
      "a delivery_date not in YYYY-MM-DD",
      (b) => ({ ...b, delivery_date: "12/01/2026" }),
      { field: "delivery_date", code: "INVALID_FORMAT" },
    ],
    [
      "a delivery_date that is no day",
      (b) => ({ ...b, delivery_date: "2026-02-30" }),
      { field: "delivery_date", code: "INVALID_FORMAT" },
    ],
    [
      "an expiration_date not in YYYY-MM-DD",
      (b) => ({ ...b, purchase_transactions: [line({ expiration_date: "2027-06-01T00:00:00Z" })] }),
      { field: "purchase_transactions[0].expiration_date", index: 0 },
    ],
    ["a missing delivery_date", (b) => ({ ...b, delivery_date: undefined }), { field: "delivery_date" }],
  ])("POST /purchases rejects %s with 400", async (_, change, fieldError) => {
    const body = change(order({ purchase_transactions: [line()] }));
    const before = await purchaseCount();
    const answer = await create(body);
    expect([answer.status, error(answer).code]).toEqual([400, "VALIDATION_FAILED"]);
    expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
    expect(await purchaseCount()).toBe(before);
  });

  it("POST /purchases takes fractional cases that make whole units, without floating-point noise (0.29 cases of 100)", async () => {
    const product = ca[2]!;
    await sandbox.db
      .updateTable("products")
      .set({ wholesale_units_per_case: 100 })
      .where("product_id", "=", product)
      .execute();
    try {
      const answer = await create(order({ purchase_transactions: [{ product_id: product, cases: 0.29 }] }));
      expect(answer.status).toBe(201);
      expect(data(answer).purchase_transactions![0]!.num_units).toBe(29);
      const refused = await create(order({ purchase_transactions: [{ product_id: product, cases: 0.295 }] }));
      expect([refused.status, error(refused).fieldErrors![0]!.code]).toEqual([422, "NOT_WHOLE_UNITS"]);
    } finally {
      await sandbox.db
        .updateTable("products")
        .set({ wholesale_units_per_case: perCase.get(product)! })
        .where("product_id", "=", product)
        .execute();
    }
  });

  it("POST /purchases names a missing delivery_date REQUIRED, not INVALID_TYPE", async () => {
    const answer = await create({ ...order(), delivery_date: undefined });
    expect(error(answer).fieldErrors).toContainEqual(
      expect.objectContaining({ field: "delivery_date", code: "REQUIRED" }),
    );
  });

  it.each<[string, () => { body: string; headers?: Record<string, string> }, number, string]>([
    [
      "a text/plain body with 415",
      () => ({ body: JSON.stringify(order()), headers: { "Content-Type": "text/plain" } }),
      415,
      "UNSUPPORTED_MEDIA_TYPE",
    ],
    ["malformed JSON with 400", () => ({ body: '{"vendor_id": 9002,' }), 400, "MALFORMED_JSON"],
    ["an empty body with 400", () => ({ body: "" }), 400, "BODY_REQUIRED"],
    [
      "a body over 256 KiB with 413",
      () => ({ body: JSON.stringify(order({ supplier_name: "x".repeat(MAX_BODY_BYTES) })) }),
      413,
      "BODY_TOO_LARGE",
    ],
  ])("POST /purchases rejects %s", async (_, request, status, code) => {
    const { body, headers = { "Content-Type": "application/json" } } = request();
    const before = await purchaseCount();
    const answer = await create(body, { headers });
    expect([answer.status, error(answer).code]).toEqual([status, code]);
    expect(await purchaseCount()).toBe(before);
  });

  it("POST /purchases rejects a supplier that is not the key's with 403 SUPPLIER_NOT_AUTHORIZED", async () => {
    const before = await purchaseCount();
    const answer = await create(
      order({
        supplier_id: OTHER_SUPPLIER,
        vendor_id: OTHER_VENDOR,
        purchase_transactions: [{ product_id: otherSuppliersProduct, units: 3 }],
      }),
    );
    expect([answer.status, error(answer).code]).toEqual([403, "SUPPLIER_NOT_AUTHORIZED"]);
    expect(error(answer).fieldErrors).toContainEqual(
      expect.objectContaining({ field: "supplier_id", code: "SUPPLIER_NOT_AUTHORIZED" }),
    );
    expect(await purchaseCount()).toBe(before);
  });

  // Lazy: the products are found in beforeAll, after the table is built.
  it.each<[string, () => [Record<string, unknown>, Partial<FieldError>]]>([
    ["an unknown vendor", () => [{ vendor_id: 99_999 }, { field: "vendor_id", code: "UNKNOWN_VENDOR" }]],
    ["another supplier's vendor", () => [{ vendor_id: OTHER_VENDOR }, { field: "vendor_id", code: "UNKNOWN_VENDOR" }]],
    [
      "a vendor that does not deliver to that warehouse",
      () => [{ vendor_id: NV_VENDOR }, { field: "to_location_id", code: "VENDOR_NOT_AT_LOCATION" }],
    ],
    ["an unknown warehouse", () => [{ to_location_id: 99 }, { field: "to_location_id", code: "UNKNOWN_LOCATION" }]],
    [
      "another supplier's product",
      () => [
        {
          purchase_transactions: [
            { product_id: ca[0], cases: 1 },
            { product_id: otherSuppliersProduct, cases: 1 },
          ],
        },
        {
          field: "purchase_transactions[1].product_id",
          code: "UNKNOWN_PRODUCT",
          index: 1,
          ProductID: otherSuppliersProduct,
        },
      ],
    ],
    [
      "an unknown product",
      () => [
        { purchase_transactions: [{ product_id: 99_999_999, cases: 1 }] },
        { field: "purchase_transactions[0].product_id", code: "UNKNOWN_PRODUCT", index: 0 },
      ],
    ],
    [
      "a product sold in another state than the warehouse's",
      () => [
        {
          purchase_transactions: [
            { product_id: ca[0], cases: 1 },
            { product_id: nv[0], cases: 1 },
          ],
        },
        { field: "purchase_transactions[1].product_id", code: "PRODUCT_NOT_IN_STATE", index: 1, ProductID: nv[0] },
      ],
    ],
    [
      "a discontinued product",
      () => [
        { purchase_transactions: [{ product_id: discontinued, cases: 1 }] },
        { field: "purchase_transactions[0].product_id", code: "PRODUCT_DISCONTINUED", index: 0 },
      ],
    ],
    [
      "fractional units",
      () => [
        { purchase_transactions: [{ product_id: ca[0], units: 1.5 }] },
        { field: "purchase_transactions[0].units", code: "NOT_WHOLE_UNITS", index: 0 },
      ],
    ],
    [
      "cases that are not a whole number of units",
      () => [
        { purchase_transactions: [{ product_id: ca[0], cases: 0.01 }] },
        { field: "purchase_transactions[0].cases", code: "NOT_WHOLE_UNITS", index: 0 },
      ],
    ],
    [
      "a delivery date in the past",
      () => [{ delivery_date: "2026-11-20" }, { field: "delivery_date", code: "DELIVERY_DATE_IN_PAST" }],
    ],
  ])("POST /purchases rejects %s with 422", async (_, cases) => {
    const [change, fieldError] = cases();
    const before = await purchaseCount();
    const answer = await create(order(change));
    expect([answer.status, error(answer).code]).toEqual([422, "UNPROCESSABLE"]);
    expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
    expect(await purchaseCount()).toBe(before);
  });

  it("POST /purchases answers every 422 problem at once", async () => {
    const answer = await create(
      order({
        delivery_date: "2026-01-01",
        purchase_transactions: [
          { product_id: nv[0], cases: 1 },
          { product_id: ca[0], units: 0.5 },
        ],
      }),
    );
    expect(answer.status).toBe(422);
    expect(
      error(answer)
        .fieldErrors?.map((f) => f.field)
        .sort(),
    ).toEqual(["delivery_date", "purchase_transactions[0].product_id", "purchase_transactions[1].units"]);
  });

  it("POST /purchases rejects a duplicate po_num for the same vendor with 409 naming the existing purchase, and creates no second one", async () => {
    const body = order();
    const first = data(await create(body));
    for (const again of [body, { ...body, to_location_id: 2 }]) {
      const answer = await create(again);
      expect([answer.status, error(answer).code]).toEqual([409, "DUPLICATE_PO_NUMBER"]);
      expect(error(answer).detail).toContain(first.purchase_global_id);
      expect(error(answer).purchase_global_id).toBe(first.purchase_global_id);
    }
    expect((await withPoNum(body.po_num)).map((p) => p.purchase_global_id)).toEqual([first.purchase_global_id]);
  });

  it("POST /purchases rejects the po_num of an ERP-posted purchase of the vendor with 409 naming it", async () => {
    const posted = await sandbox.db
      .selectFrom("purchases")
      .select(["po_num", "purchase_global_id"])
      .where("vendor_id", "=", VENDOR)
      .where("source", "=", "erp")
      .executeTakeFirstOrThrow();
    const answer = await create(order({ po_num: posted.po_num }));
    expect([answer.status, error(answer).code, error(answer).purchase_global_id]).toEqual([
      409,
      "DUPLICATE_PO_NUMBER",
      posted.purchase_global_id,
    ]);
  });

  it("takes the same po_num for a different vendor", async () => {
    const body = order();
    expect((await create(body)).status).toBe(201);
    const answer = await create({
      ...body,
      vendor_id: BATCH_VENDOR,
      purchase_transactions: [{ product_id: ca[0], cases: 1, batch_code: "LOT-2" }],
    });
    expect([answer.status, data(answer).po_num]).toEqual([201, body.po_num]);
    expect((await withPoNum(body.po_num)).map((p) => p.vendor_id).sort()).toEqual([BATCH_VENDOR, VENDOR]);
  });
});

describe("POST /purchases/validate", () => {
  it("answers 200 {valid: true, total_cases} for an order ready to submit, and creates nothing", async () => {
    const body = order({
      purchase_transactions: [
        { product_id: ca[0], cases: 2 },
        { product_id: ca[1], cases: 0.5 },
      ],
    });
    const before = await purchaseCount();
    const answer = await validate(body);
    expect(answer.status).toBe(200);
    expectDocumented("validatePurchase", answer.body);
    expect(answer.body.data).toMatchObject({ valid: true, total_cases: 2.5 });
    expect(await purchaseCount()).toBe(before);
    expect(await withPoNum(body.po_num)).toEqual([]);
  });

  it.each<[string, Record<string, unknown>, Partial<FieldError>]>([
    ["no line items", { purchase_transactions: [] }, { field: "purchase_transactions", code: "NO_LINE_ITEMS" }],
    [
      "a quantity of zero",
      { purchase_transactions: [{ product_id: 0, units: 0 }] },
      { field: "purchase_transactions[0].units", code: "QUANTITY_NOT_POSITIVE", index: 0 },
    ],
    [
      "a missing batch code where vendor 9001 requires one",
      {
        vendor_id: BATCH_VENDOR,
        purchase_transactions: [
          { product_id: 0, cases: 1, batch_code: "LOT-3" },
          { product_id: 0, cases: 1 },
        ],
      },
      { field: "purchase_transactions[1].batch_code", code: "BATCH_CODE_REQUIRED", index: 1 },
    ],
    [
      "a blank batch code where vendor 9001 requires one",
      { vendor_id: BATCH_VENDOR, purchase_transactions: [{ product_id: 0, cases: 1, batch_code: "  " }] },
      { field: "purchase_transactions[0].batch_code", code: "BATCH_CODE_REQUIRED", index: 0 },
    ],
  ])("answers valid: false with the problem in errors for %s, and creates nothing", async (_, o, problem) => {
    const lines = (o.purchase_transactions as { product_id: number }[]).map((l) => ({ ...l, product_id: ca[0] }));
    const before = await purchaseCount();
    const answer = await validate(order({ ...o, purchase_transactions: lines }));
    expect(answer.status).toBe(200);
    expectDocumented("validatePurchase", answer.body);
    const result = answer.body.data as { valid: boolean; total_cases: number; errors: FieldError[] };
    expect(result.valid).toBe(false);
    expect(result.errors).toContainEqual(expect.objectContaining(problem));
    expect(await purchaseCount()).toBe(before);
  });

  it("POST /purchases/validate rejects the po_num of an existing purchase of the vendor with 409", async () => {
    const existing = data(await create(order()));
    const answer = await validate(order({ po_num: existing.po_num }));
    expect([answer.status, error(answer).code, error(answer).purchase_global_id]).toEqual([
      409,
      "DUPLICATE_PO_NUMBER",
      existing.purchase_global_id,
    ]);
  });

  it.each<[string, () => Record<string, unknown>, Partial<FieldError>]>([
    [
      "a product of another state",
      () => ({ purchase_transactions: [{ product_id: nv[0], cases: 1 }] }),
      { field: "purchase_transactions[0].product_id", code: "PRODUCT_NOT_IN_STATE" },
    ],
    ["another supplier's vendor", () => ({ vendor_id: OTHER_VENDOR }), { field: "vendor_id", code: "UNKNOWN_VENDOR" }],
    [
      "a delivery date in the past",
      () => ({ delivery_date: "2026-11-01" }),
      { field: "delivery_date", code: "DELIVERY_DATE_IN_PAST" },
    ],
  ])("POST /purchases/validate rejects %s with 422", async (_, change, fieldError) => {
    const answer = await validate(order(change()));
    expect([answer.status, error(answer).code]).toEqual([422, "UNPROCESSABLE"]);
    expect(error(answer).fieldErrors).toContainEqual(expect.objectContaining(fieldError));
  });

  it("POST /purchases/validate rejects an unknown property with 400, and ignores it with Prefer: handling=lenient", async () => {
    const body = order({ colour: "red" });
    const strict = await validate(body);
    expect([strict.status, error(strict).fieldErrors]).toEqual([
      400,
      [expect.objectContaining({ field: "colour", code: "UNKNOWN_FIELD" })],
    ]);
    const lenient = await validate(body, { headers: { Prefer: "handling=lenient" } });
    expect([
      lenient.status,
      (lenient.body.data as { valid: boolean }).valid,
      lenient.headers.get("Preference-Applied"),
    ]).toEqual([200, true, "handling=lenient"]);
  });

  it("POST /purchases/validate rejects a supplier that is not the key's with 403, and takes it from an Employee key", async () => {
    const body = order({
      supplier_id: OTHER_SUPPLIER,
      vendor_id: OTHER_VENDOR,
      purchase_transactions: [{ product_id: otherSuppliersProduct, units: 3 }],
    });
    const supplier = await validate(body);
    expect([supplier.status, error(supplier).code]).toEqual([403, "SUPPLIER_NOT_AUTHORIZED"]);
    const employee = await validate(body, { as: "Employee" });
    expect([employee.status, (employee.body.data as { valid: boolean }).valid]).toEqual([200, true]);
  });
});

describe("purchase operations for a Customer key", () => {
  let draft: Purchase;
  beforeAll(async () => {
    draft = data(await create(order()));
  });

  it.each<[string, string, () => string, boolean]>([
    ["GET", "/v2/purchases", () => "/v2/purchases", false],
    ["GET", "/v2/purchases/{id}", () => `/v2/purchases/${draft.purchase_global_id}`, false],
    ["POST", "/v2/purchases", () => "/v2/purchases", true],
    ["POST", "/v2/purchases/validate", () => "/v2/purchases/validate", true],
    ["PATCH", "/v2/purchases/{id}", () => `/v2/purchases/${draft.purchase_global_id}`, true],
    ["DELETE", "/v2/purchases/{id}", () => `/v2/purchases/${draft.purchase_global_id}`, false],
    ["POST", "/v2/purchases/{id}/submit", () => `/v2/purchases/${draft.purchase_global_id}/submit`, false],
    ["GET", "/v2/purchaseTrans", () => "/v2/purchaseTrans?purchase_ids=700001", false],
    ["GET", "/v1/purchases", () => "/v1/purchases", false],
    ["GET", "/v1/purchases/{id}", () => "/v1/purchases/700001", false],
    ["GET", "/v1/purchaseTrans", () => "/v1/purchaseTrans?PurchaseIDs=700001", false],
  ])("%s %s answers 403 to a Customer key and changes nothing", async (method, _, path, withBody) => {
    const before = await purchaseCount();
    const answer = await sandbox.call(method, path(), {
      as: "Customer",
      body: withBody ? order({ po_num: draft.po_num }) : undefined,
    });
    expect(answer.status).toBe(403);
    expect(await purchaseCount()).toBe(before);
    const read = await sandbox.call("GET", `/v2/purchases/${draft.purchase_global_id}`, { as: "Supplier" });
    expect((read.body.data as Purchase).status).toBe("InProgress");
  });
});
