import * as z from "zod";
import { contractRegistry } from "./fields";
import { integer, positiveDecimal, querySchema, text } from "./query-params";

/** At most this many line items per purchase create or update. */
export const MAX_LINE_ITEMS = 200;

type ObjectFactory = typeof z.strictObject | typeof z.object;
type LineNames = { product: string; cases: string; units: string; batch: string; expiration: string };

const id = z.number().int().positive();
const day = z.iso.date({ error: "must be a date, YYYY-MM-DD" });

/** A write line item: exactly one of cases or units. */
function lineItem(object: ObjectFactory, n: LineNames) {
  return object({
    [n.product]: id,
    [n.cases]: z.number().optional(),
    [n.units]: z.number().optional(),
    [n.batch]: z.string().optional(),
    [n.expiration]: day.optional(),
  }).superRefine((line, ctx) => {
    const hasCases = line[n.cases] !== undefined;
    const hasUnits = line[n.units] !== undefined;
    if (hasCases && hasUnits) ctx.addIssue({ code: "custom", path: [n.units], message: `Send exactly one of ${n.cases} or ${n.units}, not both` });
    if (!hasCases && !hasUnits) ctx.addIssue({ code: "custom", path: [n.cases], message: `Send exactly one of ${n.cases} or ${n.units}` });
  });
}

const V2_LINE: LineNames = { product: "product_id", cases: "cases", units: "units", batch: "batch_code", expiration: "expiration_date" };
const V1_LINE: LineNames = { product: "ProductID", cases: "Cases", units: "Units", batch: "BatchCode", expiration: "ExpirationDate" };

function lines(object: ObjectFactory, n: LineNames) {
  return z.array(lineItem(object, n)).max(MAX_LINE_ITEMS, `at most ${MAX_LINE_ITEMS} line items`);
}

/** The v2 write bodies, built strict (unknown properties rejected) or lenient (`Prefer: handling=lenient`: ignored). */
function v2Bodies(object: ObjectFactory) {
  const create = object({
    vendor_id: id,
    to_location_id: id,
    supplier_id: id,
    supplier_name: z.string().optional(),
    delivery_date: day,
    po_num: z.string().min(1),
    purchase_transactions: lines(object, V2_LINE).optional(),
    created_by_user_id: id.optional(),
  });
  const update = object({
    vendor_id: id.optional(),
    to_location_id: id.optional(),
    delivery_date: day.optional(),
    po_num: z.string().min(1).optional(),
    purchase_transactions: lines(object, V2_LINE).optional(),
  });
  return { line: lineItem(object, V2_LINE), create, update, validate: create };
}

export const v2Write = v2Bodies(z.strictObject);
export const v2WriteLenient = v2Bodies(z.object);

export const WriteLineItem = v2Write.line;
export const CreatePurchaseBody = v2Write.create;
export const UpdatePurchaseBody = v2Write.update;
export const ValidatePurchaseBody = v2Write.validate;
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
  PurchaseTransactions: lines(z.strictObject, V1_LINE).optional(),
  CreatedByUserID: id.optional(),
  submit: z.boolean().default(false),
});

/** v1 UpdatePurchaseRequest (no v1 path is documented for it; the shape exists). */
export const UpdatePurchaseRequestV1 = z.strictObject({
  VendorID: id.optional(),
  ToLocationID: id.optional(),
  DeliveryDate: day.optional(),
  PONum: z.string().min(1).optional(),
  PurchaseTransactions: lines(z.strictObject, V1_LINE).optional(),
});

contractRegistry.add(WriteLineItem, { id: "WriteLineItem", description: "A purchase line to write: exactly one of cases or units." });
contractRegistry.add(CreatePurchaseBody, { id: "CreatePurchaseBody", description: "Body of POST /purchases and POST /purchases/validate (v2)." });
contractRegistry.add(UpdatePurchaseBody, { id: "UpdatePurchaseBody", description: "Body of PATCH /purchases/{purchaseGlobalID} (v2)." });
contractRegistry.add(CreatePurchaseRequestV1, { id: "CreatePurchaseRequestV1", description: "v1 CreatePurchaseRequest shape." });
contractRegistry.add(UpdatePurchaseRequestV1, { id: "UpdatePurchaseRequestV1", description: "v1 UpdatePurchaseRequest shape." });

/** The query parameters of POST /payments/applications: all four required. */
export const paymentApplicationParams = {
  PaymentInvoiceNum: text({ required: true, description: "Invoice number of the payment to allocate from." }),
  TargetInvoiceNum: text({ required: true, description: "Invoice number to allocate toward." }),
  ARAccountID: integer({ required: true, description: "AR account that both invoices belong to." }),
  Amount: positiveDecimal({ required: true, description: "Positive; must not exceed the payment's available balance." }),
};
export const PaymentApplicationQuery = querySchema(paymentApplicationParams);
export type PaymentApplicationQuery = z.output<typeof PaymentApplicationQuery>;
