import * as z from "zod";
import { contractRegistry } from "./fields";
import { integer, positiveDecimal, querySchema, text } from "./query-params";
import { MAX_LINE_ITEMS } from "./values";

/** At most this many line items per purchase create or update. */

type ObjectFactory = typeof z.strictObject | typeof z.object;

const id = z.number().int().positive();
// A custom message only for a present value: a missing one keeps zod's "received undefined", which names it REQUIRED.
const day = z.iso.date({ error: (issue) => (issue.input === undefined ? undefined : "must be a date, YYYY-MM-DD") });
const quantity = z.number().finite().optional();

const V2_LINE = {
  product_id: id,
  cases: quantity,
  units: quantity,
  batch_code: z.string().optional(),
  expiration_date: day.optional(),
};
const V1_LINE = {
  ProductID: id,
  Cases: quantity,
  Units: quantity,
  BatchCode: z.string().optional(),
  ExpirationDate: day.optional(),
};

/** A write line item: exactly one of cases or units (named `cases`/`units` in v2, `Cases`/`Units` in v1). */
function lineItem<S extends typeof V2_LINE | typeof V1_LINE>(
  object: ObjectFactory,
  shape: S,
  cases: keyof S & string,
  units: keyof S & string,
) {
  return object(shape).superRefine((line: Record<string, unknown>, ctx) => {
    const hasCases = line[cases] !== undefined;
    const hasUnits = line[units] !== undefined;
    if (hasCases && hasUnits)
      ctx.addIssue({ code: "custom", path: [units], message: `Send exactly one of ${cases} or ${units}, not both` });
    if (!hasCases && !hasUnits)
      ctx.addIssue({ code: "custom", path: [cases], message: `Send exactly one of ${cases} or ${units}` });
  });
}

function lines<T extends z.ZodType>(item: T) {
  return z.array(item).max(MAX_LINE_ITEMS, `at most ${MAX_LINE_ITEMS} line items`);
}

/** The v2 write bodies, built strict (unknown properties rejected) or lenient (`Prefer: handling=lenient`: ignored). */
function v2Bodies(object: ObjectFactory) {
  const line = lineItem(object, V2_LINE, "cases", "units");
  const create = object({
    vendor_id: id,
    to_location_id: id,
    supplier_id: id,
    supplier_name: z.string().optional(),
    delivery_date: day,
    po_num: z.string().min(1),
    purchase_transactions: lines(line).optional(),
    created_by_user_id: id.optional(),
  });
  const update = object({
    vendor_id: id.optional(),
    to_location_id: id.optional(),
    delivery_date: day.optional(),
    po_num: z.string().min(1).optional(),
    purchase_transactions: lines(line).optional(),
  });
  return { line, create, update, validate: create };
}

export const v2Write = v2Bodies(z.strictObject);
export const v2WriteLenient = v2Bodies(z.object);

export const WriteLineItem = v2Write.line;
export const CreatePurchaseBody = v2Write.create;
export const UpdatePurchaseBody = v2Write.update;
export type WriteLineItem = z.input<typeof WriteLineItem>;
export type CreatePurchaseBody = z.input<typeof CreatePurchaseBody>;
export type UpdatePurchaseBody = z.input<typeof UpdatePurchaseBody>;

/** v1 CreatePurchaseRequest (no v1 path is documented for it; the shape exists). */
export const CreatePurchaseRequestV1 = z.strictObject({
  VendorID: id,
  ToLocationID: id,
  SupplierID: id,
  DeliveryDate: day,
  PONum: z.string().min(1),
  SupplierName: z.string().optional(),
  PurchaseTransactions: lines(lineItem(z.strictObject, V1_LINE, "Cases", "Units")).optional(),
  CreatedByUserID: id.optional(),
  submit: z.boolean().default(false),
});

/** v1 UpdatePurchaseRequest (no v1 path is documented for it; the shape exists). */
export const UpdatePurchaseRequestV1 = z.strictObject({
  VendorID: id.optional(),
  ToLocationID: id.optional(),
  DeliveryDate: day.optional(),
  PONum: z.string().min(1).optional(),
  PurchaseTransactions: lines(lineItem(z.strictObject, V1_LINE, "Cases", "Units")).optional(),
});

contractRegistry.add(WriteLineItem, {
  id: "WriteLineItem",
  description: "A purchase line to write: exactly one of cases or units.",
});
contractRegistry.add(CreatePurchaseBody, {
  id: "CreatePurchaseBody",
  description: "Body of POST /purchases and POST /purchases/validate (v2).",
});
contractRegistry.add(UpdatePurchaseBody, {
  id: "UpdatePurchaseBody",
  description: "Body of PATCH /purchases/{purchaseGlobalID} (v2).",
});
contractRegistry.add(CreatePurchaseRequestV1, {
  id: "CreatePurchaseRequestV1",
  description: "v1 CreatePurchaseRequest shape.",
});
contractRegistry.add(UpdatePurchaseRequestV1, {
  id: "UpdatePurchaseRequestV1",
  description: "v1 UpdatePurchaseRequest shape.",
});

/** The query parameters of POST /payments/applications: all four required. */
export const paymentApplicationParams = {
  PaymentInvoiceNum: text({ required: true, description: "Invoice number of the payment to allocate from." }),
  TargetInvoiceNum: text({ required: true, description: "Invoice number to allocate toward." }),
  ARAccountID: integer({ required: true, description: "AR account that both invoices belong to." }),
  Amount: positiveDecimal({
    required: true,
    description: "Positive; must not exceed the payment's available balance.",
  }),
};
export const PaymentApplicationQuery = querySchema(paymentApplicationParams);
export type PaymentApplicationQuery = z.output<typeof PaymentApplicationQuery>;
