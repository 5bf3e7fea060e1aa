import { describe, expect, it } from "vitest";
import { toFieldErrors, validationErrorBody } from "./validation-errors";
import {
  CreatePurchaseBody,
  CreatePurchaseRequestV1,
  PaymentApplicationQuery,
  UpdatePurchaseBody,
  UpdatePurchaseRequestV1,
  v2WriteLenient,
} from "./writes";
import { MAX_LINE_ITEMS } from "./values";

const draft = { vendor_id: 3, to_location_id: 1, supplier_id: 12, delivery_date: "2026-12-01", po_num: "PO-1001" };
const line = (extra: object = {}) => ({ product_id: 501, cases: 2, ...extra });

describe("v2 purchase write bodies", () => {
  it("accept a minimal draft and one with lines", () => {
    expect(CreatePurchaseBody.safeParse(draft).success).toBe(true);
    expect(
      CreatePurchaseBody.safeParse({
        ...draft,
        purchase_transactions: [
          line(),
          { product_id: 502, units: 24, batch_code: "B-1", expiration_date: "2027-06-30" },
        ],
      }).success,
    ).toBe(true);
  });

  it.each([
    ["an unknown property", { ...draft, notes: "hi" }, "notes", "UNKNOWN_FIELD"],
    ["a missing po_num", { ...draft, po_num: undefined }, "po_num", "REQUIRED"],
    [
      "a delivery date that is not YYYY-MM-DD",
      { ...draft, delivery_date: "12/01/2026" },
      "delivery_date",
      "INVALID_FORMAT",
    ],
    [
      "both cases and units",
      { ...draft, purchase_transactions: [line({ units: 3 })] },
      "purchase_transactions[0].units",
      "INVALID_VALUE",
    ],
    [
      "neither cases nor units",
      { ...draft, purchase_transactions: [{ product_id: 501 }] },
      "purchase_transactions[0].cases",
      "INVALID_VALUE",
    ],
    [
      "an unknown line property",
      { ...draft, purchase_transactions: [line({ color: "red" })] },
      "purchase_transactions[0].color",
      "UNKNOWN_FIELD",
    ],
    [
      "an expiration date that is not a date",
      { ...draft, purchase_transactions: [line({ expiration_date: "2027-13-01" })] },
      "purchase_transactions[0].expiration_date",
      "INVALID_FORMAT",
    ],
    [
      "more than 200 lines",
      { ...draft, purchase_transactions: Array.from({ length: MAX_LINE_ITEMS + 1 }, () => line()) },
      "purchase_transactions",
      "TOO_LARGE",
    ],
  ])("POST /purchases rejects %s", (_, body, field, code) => {
    const result = CreatePurchaseBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(toFieldErrors(result.error!)).toContainEqual(expect.objectContaining({ field, code }));
  });

  it("accepts exactly 200 lines", () => {
    expect(
      CreatePurchaseBody.safeParse({
        ...draft,
        purchase_transactions: Array.from({ length: MAX_LINE_ITEMS }, () => line()),
      }).success,
    ).toBe(true);
  });

  it("gives field errors inside lines their line index", () => {
    const result = CreatePurchaseBody.safeParse({
      ...draft,
      purchase_transactions: [line(), line(), { product_id: 7 }],
    });
    expect(validationErrorBody(result.error!)).toEqual({
      Error: {
        code: "VALIDATION_FAILED",
        detail: "The request body is not valid.",
        fieldErrors: [
          {
            field: "purchase_transactions[2].cases",
            code: "INVALID_VALUE",
            detail: expect.stringContaining("exactly one of cases or units"),
            index: 2,
          },
        ],
      },
    });
  });

  it("ignore unknown properties under Prefer: handling=lenient, and still check the known ones", () => {
    expect(
      v2WriteLenient.create.parse({ ...draft, notes: "hi", purchase_transactions: [line({ color: "red" })] }),
    ).toEqual({
      ...draft,
      purchase_transactions: [line()],
    });
    expect(v2WriteLenient.create.safeParse({ ...draft, purchase_transactions: [line({ units: 1 })] }).success).toBe(
      false,
    );
  });

  it("PATCH takes any subset, and an empty line list", () => {
    expect(UpdatePurchaseBody.safeParse({}).success).toBe(true);
    expect(UpdatePurchaseBody.safeParse({ purchase_transactions: [] }).success).toBe(true);
    expect(UpdatePurchaseBody.safeParse({ status: "Submitted" }).success).toBe(false);
    expect(UpdatePurchaseBody.safeParse({ supplier_id: 4 }).success).toBe(false);
  });
});

describe("v1 purchase request shapes", () => {
  it("CreatePurchaseRequest requires its five fields and defaults submit to false", () => {
    const body = { VendorID: 3, ToLocationID: 1, SupplierID: 12, DeliveryDate: "2026-12-01", PONum: "PO-1" };
    expect(CreatePurchaseRequestV1.parse(body).submit).toBe(false);
    expect(CreatePurchaseRequestV1.safeParse({ ...body, PONum: undefined }).success).toBe(false);
    expect(
      CreatePurchaseRequestV1.safeParse({ ...body, PurchaseTransactions: [{ ProductID: 1, Cases: 1, Units: 1 }] })
        .success,
    ).toBe(false);
    expect(
      CreatePurchaseRequestV1.safeParse({
        ...body,
        PurchaseTransactions: [{ ProductID: 1, Units: 12, BatchCode: "B" }],
      }).success,
    ).toBe(true);
  });

  it("UpdatePurchaseRequest takes only its optional fields", () => {
    expect(UpdatePurchaseRequestV1.safeParse({ PONum: "PO-2" }).success).toBe(true);
    expect(UpdatePurchaseRequestV1.safeParse({ SupplierID: 1 }).success).toBe(false);
  });
});

describe("POST /payments/applications query", () => {
  const query = { PaymentInvoiceNum: "PAY-1", TargetInvoiceNum: "INV-9", ARAccountID: "44", Amount: "125.50" };

  it("reads the four parameters, keeping Amount as decimal text", () => {
    expect(PaymentApplicationQuery.parse(query)).toEqual({ ...query, ARAccountID: 44, Amount: "125.50" });
  });

  it.each([
    ["a missing ARAccountID", { ...query, ARAccountID: undefined }, "ARAccountID parameter is required"],
    ["a zero Amount", { ...query, Amount: "0.00" }, "Amount must be positive"],
    ["a negative Amount", { ...query, Amount: "-5" }, "Amount must be a positive number, like 125.50"],
    ["an Amount that is not a number", { ...query, Amount: "12,50" }, "Amount must be a positive number, like 125.50"],
    ["an empty TargetInvoiceNum", { ...query, TargetInvoiceNum: "" }, "TargetInvoiceNum must not be empty"],
  ])("rejects %s", (_, input, message) => {
    const result = PaymentApplicationQuery.safeParse(input);
    expect(result.error?.issues.map((i) => i.message)).toContain(message);
  });
});
