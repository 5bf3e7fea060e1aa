import { describe, expect, it } from "vitest";
import { v1List, v1Object, v1Single, v2List, v2Single } from "./envelopes";
import { DetailedErrorBody, FieldError, SimpleErrorBody } from "./error-body";
import { isFieldError, parseErrorBody } from "./error-read";
import { Customer } from "./records/customers";
import { Invoice, ARAging } from "./records/invoices";
import { InventoryRecord } from "./records/inventory";
import { PURCHASE_LINE_V2_NAMES, PURCHASE_V2_NAMES, PurchaseV1, PurchaseV2 } from "./records/purchases";
import { Payment } from "./records/payments";

const invoice = {
  InvoiceID: 1001,
  CustomerID: 7,
  InvoiceNum: "INV-1001",
  OpenBalance: "125.500000",
  Date: "2026-10-01T17:00:00.000Z",
  Status: 1,
  RevisionStatus: null,
};

describe("read schemas are tolerant", () => {
  it("read a sparse record: any field may be missing", () => {
    expect(Invoice.read.parse({})).toEqual({});
    // What a Supplier key sees of a customer: no OnHold, sales rep, collection agent, delivery dates or minimum.
    const sparse = { CustomerID: 7, CustomerName: "Green Leaf", State: "CA", AccountStatus: "Active" };
    expect(Customer.read.parse(sparse)).toEqual(sparse);
  });

  it("keep fields the documentation does not list", () => {
    const parsed = Invoice.read.parse({ ...invoice, TimeCreated: "2026-10-01T17:00:00.000Z", Extra: { nested: true } });
    expect(parsed).toMatchObject({ TimeCreated: "2026-10-01T17:00:00.000Z", Extra: { nested: true } });
  });

  it("keep decimal strings as strings, with their precision", () => {
    const parsed = InventoryRecord.read.parse({
      DOI: "5.60",
      AvgDailySales90d: "201.49",
      OnFloorInventory: "0.000000",
    });
    expect(parsed).toEqual({ DOI: "5.60", AvgDailySales90d: "201.49", OnFloorInventory: "0.000000" });
  });

  it("read a decimal sent as a number as its text, and a numeric id sent as text as a number", () => {
    expect(Payment.read.parse({ Amount: 12.5, PaymentID: "42" })).toEqual({ Amount: "12.5", PaymentID: 42 });
  });

  it("check dates as formats: a value that is not a date is dropped, the rest of the record kept", () => {
    const parsed = Invoice.read.parse({ ...invoice, Date: "yesterday", DueDate: "2026-10-31T17:00:00.000Z" });
    expect(parsed.Date).toBeUndefined();
    expect(parsed.DueDate).toBe("2026-10-31T17:00:00.000Z");
    expect(parsed.InvoiceNum).toBe("INV-1001");
  });

  it("keep null where the service sends it", () => {
    expect(Invoice.read.parse({ PONum: null, RevisionStatus: null })).toEqual({ PONum: null, RevisionStatus: null });
  });

  it("keep an enum value the documentation does not list, as text", () => {
    expect(Customer.read.parse({ AccountStatus: "Suspended" }).AccountStatus).toBe("Suspended");
  });

  it("read nested arrays element by element", () => {
    const aging = ARAging.read.parse({
      ARAccountID: 3,
      CurrentInvoices: [
        { InvoiceID: 1, InvoiceNum: "A", OpenBalance: "10.000000" },
        null,
        { InvoiceID: "x", InvoiceNum: "B" },
      ],
    });
    expect(aging.CurrentInvoices).toEqual([
      { InvoiceID: 1, InvoiceNum: "A", OpenBalance: "10.000000" },
      { InvoiceID: undefined, InvoiceNum: "B" },
    ]);
  });
});

describe("one odd record never discards a page", () => {
  it("drops only the odd field, and only the element that is not a record", () => {
    const page = v1List.read(Invoice.read).parse({
      Data: [invoice, { ...invoice, InvoiceID: 1002, OpenBalance: { oops: 1 } }, "not a record", null],
      Page: 1,
      PageSize: 50,
      HasNextPage: false,
    });
    expect(page.Data).toHaveLength(2);
    expect(page.Data[1]).toMatchObject({ InvoiceID: 1002, OpenBalance: undefined });
  });
});

describe("envelopes", () => {
  it("v1 list: documented schema requires HasNextPage; read schema tolerates its absence", () => {
    const body = { Data: [invoice], Page: 1, PageSize: 50 };
    expect(v1List.doc(Invoice.doc).safeParse(body).success).toBe(false);
    expect(v1List.doc(Invoice.doc).safeParse({ ...body, HasNextPage: false }).success).toBe(true);
    expect(v1List.read(Invoice.read).parse(body).HasNextPage).toBeUndefined();
  });

  it("v1 list: documented schema enforces PageSize 1..500", () => {
    expect(v1List.doc(Invoice.doc).safeParse({ Data: [], Page: 1, PageSize: 501, HasNextPage: false }).success).toBe(
      false,
    );
    expect(v1List.doc(Invoice.doc).safeParse({ Data: [], Page: 0, PageSize: 50, HasNextPage: false }).success).toBe(
      false,
    );
  });

  it("v1 single: an array of one, with or without the list fields the live service adds", () => {
    expect(v1Single.doc(Invoice.doc).safeParse({ Data: [invoice] }).success).toBe(true);
    expect(
      v1Single.doc(Invoice.doc).safeParse({ Data: [invoice], Page: 1, PageSize: 50, HasNextPage: false }).success,
    ).toBe(true);
    expect(v1Single.doc(Invoice.doc).safeParse({ Data: [invoice, invoice] }).success).toBe(false);
    expect(v1Single.doc(Invoice.doc).safeParse({ Data: invoice }).success).toBe(false);
  });

  it("v1 object: {Data: record}, the v1 purchase single", () => {
    const purchase = Object.fromEntries(Object.keys(PurchaseV1.fields).map((k) => [k, null]));
    Object.assign(purchase, { PurchaseID: 5, ToLocationID: 1, VendorID: 2, PONum: "PO-5", Status: "Received" });
    expect(v1Object.doc(PurchaseV1.doc).safeParse({ Data: purchase }).success).toBe(true);
    expect(v1Object.doc(PurchaseV1.doc).safeParse({ Data: [purchase] }).success).toBe(false);
    // "All fields are required" and "unknown properties are not allowed" in the documented v1 purchase schema.
    const { Memo: _memo, ...missingOne } = purchase;
    expect(v1Object.doc(PurchaseV1.doc).safeParse({ Data: missingOne }).success).toBe(false);
    expect(v1Object.doc(PurchaseV1.doc).safeParse({ Data: { ...purchase, Surprise: 1 } }).success).toBe(false);
    // A client reads the same record tolerantly, unknown field included.
    expect(v1Object.read(PurchaseV1.read).parse({ Data: { ...purchase, Surprise: 1 } }).Data).toMatchObject({
      Surprise: 1,
    });
  });

  it("v2 single and list use lower-case keys", () => {
    const draft = {
      purchase_global_id: "pg_1",
      purchase_id: null,
      status: "InProgress",
      po_num: "PO-1",
      purchase_transactions: [],
    };
    expect(v2Single.read(PurchaseV2.read).parse({ data: draft }).data).toMatchObject({
      purchase_id: null,
      status: "InProgress",
    });
    const list = v2List.read(PurchaseV2.read).parse({ data: [draft], page: 1, page_size: 50, has_next_page: false });
    expect(list.has_next_page).toBe(false);
    expect(v2List.doc(PurchaseV2.doc).safeParse({ data: [], page: 1, page_size: 50 }).success).toBe(false);
  });

  it("v2 purchases carry draft and posted lines, each read by its own shape", () => {
    const parsed = PurchaseV2.read.parse({
      purchase_transactions: [
        { id: 1, product_id: 9, num_units: 24, batch_code: null, needs_activation: false },
        { purchase_trans_id: 77, product_id: 9, num_units: "24.000000", cases: "2.000000" },
      ],
    });
    expect(parsed.purchase_transactions).toEqual([
      { id: 1, product_id: 9, num_units: 24, batch_code: null, needs_activation: false },
      { purchase_trans_id: 77, product_id: 9, num_units: "24.000000", cases: "2.000000" },
    ]);
  });
});

describe("documented schemas are exact", () => {
  it("reject a number where a decimal string is documented, and a bad date-time", () => {
    expect(Invoice.doc.safeParse({ OpenBalance: 12.5 }).success).toBe(false);
    expect(Invoice.doc.safeParse({ Date: "2026-10-01" }).success).toBe(false);
    expect(Invoice.doc.safeParse(invoice).success).toBe(true);
  });

  it("allow null only where the documentation marks `?`", () => {
    expect(Invoice.doc.safeParse({ PONum: null }).success).toBe(true);
    expect(Invoice.doc.safeParse({ InvoiceNum: null }).success).toBe(false);
  });
});

describe("v2 purchase names are the v1 names in snake_case", () => {
  it("differ from the v1 names only by case and underscores", () => {
    for (const [v1, v2] of [...Object.entries(PURCHASE_V2_NAMES), ...Object.entries(PURCHASE_LINE_V2_NAMES)]) {
      expect(v2.replaceAll("_", ""), v1).toBe(v1.toLowerCase());
      expect(v2, v1).toMatch(/^[a-z]+(_[a-z]+)*$/);
    }
  });

  it("match every example the documentation gives", () => {
    const examples = [
      "purchase_id",
      "to_location_id",
      "po_num",
      "other_cost",
      "total_cases",
      "purchase_pdf_url_api_key_id",
      "purchase_global_id",
      "receiving_num",
      "time_created",
    ];
    expect(Object.values(PURCHASE_V2_NAMES)).toEqual(expect.arrayContaining(examples));
    const lineExamples = [
      "purchase_trans_id",
      "purchase_id",
      "product_id",
      "ordered",
      "num_units",
      "fob",
      "deposit_cost",
      "ext_price",
      "expiration_date",
      "code_date",
      "batch_code",
      "laid_in_cost",
      "pallet_tag",
      "cases",
      "weight",
      "time_updated",
    ];
    expect(Object.values(PURCHASE_LINE_V2_NAMES).sort()).toEqual(lineExamples.sort());
  });
});

describe("error bodies", () => {
  it("read the simple form, with the wire's Error key and the prose's error key", () => {
    expect(SimpleErrorBody.safeParse({ Error: "InvoiceIDs parameter is required" }).success).toBe(true);
    expect(parseErrorBody({ Error: "InvoiceIDs parameter is required" })).toEqual({
      detail: "InvoiceIDs parameter is required",
      fieldErrors: [],
    });
    expect(parseErrorBody({ error: "Invalid API key" })).toEqual({ detail: "Invalid API key", fieldErrors: [] });
  });

  it("read the detailed form with field errors and extra properties", () => {
    const body = {
      Error: {
        code: "VALIDATION_FAILED",
        detail: "Batch codes are required for this vendor.",
        traceId: "t-1",
        fieldErrors: [
          {
            field: "purchase_transactions[2].batch_code",
            code: "REQUIRED",
            detail: "required",
            index: 2,
            ProductID: 9,
            hint: "x",
          },
        ],
      },
    };
    expect(DetailedErrorBody.safeParse(body).success).toBe(true);
    expect(parseErrorBody(body)).toEqual({
      code: "VALIDATION_FAILED",
      detail: "Batch codes are required for this vendor.",
      fieldErrors: [
        {
          field: "purchase_transactions[2].batch_code",
          code: "REQUIRED",
          detail: "required",
          index: 2,
          ProductID: 9,
          hint: "x",
        },
      ],
    });
  });

  it("return undefined for a body that is neither form", () => {
    expect(parseErrorBody("<html>")).toBeUndefined();
    expect(parseErrorBody({ message: "nope" })).toBeUndefined();
    expect(parseErrorBody({ Error: { code: 5 } })).toBeUndefined();
    expect(parseErrorBody({ Error: { code: "X", detail: "y", fieldErrors: "not a list" } })).toBeUndefined();
  });

  it("keep the field errors that are field errors, as the documented schema reads each (the reader has no zod)", () => {
    const candidates: unknown[] = [
      { field: "f", code: "C", detail: "d" },
      { field: "f", code: "C", detail: "d", message: "m", index: 0, ProductID: 9, extra: [1] },
      { field: "f", code: "C" },
      { field: 1, code: "C", detail: "d" },
      { field: "f", code: "C", detail: "d", index: 1.5 },
      { field: "f", code: "C", detail: "d", index: "2" },
      { field: "f", code: "C", detail: "d", message: null },
      { field: "f", code: "C", detail: "d", ProductID: "9" },
      null,
      "text",
      [],
    ];
    for (const candidate of candidates)
      expect(isFieldError(candidate), JSON.stringify(candidate)).toBe(FieldError.safeParse(candidate).success);
    const body = { Error: { code: "VALIDATION_FAILED", detail: "d", fieldErrors: candidates } };
    expect(parseErrorBody(body)?.fieldErrors).toEqual(candidates.filter((c) => FieldError.safeParse(c).success));
  });
});
