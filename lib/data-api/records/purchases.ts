import * as z from "zod";
import { FieldError } from "../error-body";
import {
  array,
  boolean,
  date,
  dateTime,
  decimal,
  defineRecord,
  type Field,
  nested,
  nullable,
  number,
  oneOf,
  string,
  tolerantArray,
} from "../fields";

export const ERP_PURCHASE_STATUSES = ["New", "Accepted", "Received", "Confirmed", "Verified"] as const;
export const API_PURCHASE_STATUSES = ["InProgress", "Submitted"] as const;
export const PURCHASE_STATUSES = [...ERP_PURCHASE_STATUSES, ...API_PURCHASE_STATUSES] as const;

const purchaseFields = {
  PurchaseID: number("Numeric ERP id."),
  ShipmentID: nullable(number()),
  ToLocationID: number(),
  VendorID: number(),
  ToLocationName: nullable(string()),
  VendorName: nullable(string()),
  ShipmentNum: nullable(string()),
  ReceivingNum: nullable(string()),
  PublicPDFLink: nullable(string("Embeds an access token of the ERP: treat as a secret.")),
  Memo: nullable(string()),
  Terms: nullable(string()),
  PONum: string(),
  Status: oneOf(PURCHASE_STATUSES),
  Freight: nullable(decimal()),
  Tax: nullable(decimal()),
  OtherCost: nullable(decimal()),
  Total: nullable(decimal()),
  TotalCases: nullable(decimal()),
  PurchasePDFURLAPIKeyID: nullable(number()),
  TermID: nullable(number()),
  ReceiveDate: nullable(dateTime()),
  PostDate: nullable(dateTime()),
  LastEditTime: nullable(dateTime()),
  LastCalcTime: nullable(dateTime()),
  TimeUpdated: nullable(dateTime()),
  InvoiceDate: nullable(dateTime()),
  DueDate: nullable(dateTime()),
  TimeCreated: nullable(dateTime()),
  PurchaseGlobalID: nullable(string("Permanent global identifier.")),
};

export const PurchaseV1 = defineRecord("PurchaseV1", purchaseFields, {
  description: "A purchase (v1). All fields are required in the schema and unknown properties are not allowed.",
  required: true,
  closed: true,
});

const purchaseTransactionFields = {
  PurchaseTransID: number(),
  PurchaseID: number(),
  ProductID: number(),
  Ordered: nullable(decimal()),
  NumUnits: nullable(decimal()),
  FOB: nullable(decimal()),
  DepositCost: nullable(decimal()),
  ExtPrice: nullable(decimal()),
  LaidInCost: nullable(decimal()),
  Cases: nullable(decimal()),
  Weight: nullable(decimal()),
  ExpirationDate: nullable(dateTime()),
  CodeDate: nullable(dateTime()),
  TimeUpdated: nullable(dateTime()),
  BatchCode: nullable(string()),
  PalletTag: nullable(string()),
};

export const PurchaseTransactionV1 = defineRecord("PurchaseTransactionV1", purchaseTransactionFields, {
  description: "A posted line of a purchase (v1).",
});

/** v1 purchase field names and their v2 snake_case names. */
export const PURCHASE_V2_NAMES = {
  PurchaseID: "purchase_id",
  ShipmentID: "shipment_id",
  ToLocationID: "to_location_id",
  VendorID: "vendor_id",
  ToLocationName: "to_location_name",
  VendorName: "vendor_name",
  ShipmentNum: "shipment_num",
  ReceivingNum: "receiving_num",
  PublicPDFLink: "public_pdf_link",
  Memo: "memo",
  Terms: "terms",
  PONum: "po_num",
  Status: "status",
  Freight: "freight",
  Tax: "tax",
  OtherCost: "other_cost",
  Total: "total",
  TotalCases: "total_cases",
  PurchasePDFURLAPIKeyID: "purchase_pdf_url_api_key_id",
  TermID: "term_id",
  ReceiveDate: "receive_date",
  PostDate: "post_date",
  LastEditTime: "last_edit_time",
  LastCalcTime: "last_calc_time",
  TimeUpdated: "time_updated",
  InvoiceDate: "invoice_date",
  DueDate: "due_date",
  TimeCreated: "time_created",
  PurchaseGlobalID: "purchase_global_id",
} as const satisfies Record<keyof typeof purchaseFields, string>;

/** v1 purchase transaction field names and their v2 snake_case names. */
export const PURCHASE_LINE_V2_NAMES = {
  PurchaseTransID: "purchase_trans_id",
  PurchaseID: "purchase_id",
  ProductID: "product_id",
  Ordered: "ordered",
  NumUnits: "num_units",
  FOB: "fob",
  DepositCost: "deposit_cost",
  ExtPrice: "ext_price",
  LaidInCost: "laid_in_cost",
  Cases: "cases",
  Weight: "weight",
  ExpirationDate: "expiration_date",
  CodeDate: "code_date",
  TimeUpdated: "time_updated",
  BatchCode: "batch_code",
  PalletTag: "pallet_tag",
} as const satisfies Record<keyof typeof purchaseTransactionFields, string>;

/** The v1 fields under their v2 names, keeping each field's definition. */
function renamed<F extends Record<string, Field>, const N extends { [K in keyof F]: string }>(fields: F, names: N) {
  return Object.fromEntries(Object.entries(fields).map(([k, f]) => [names[k], f])) as {
    [K in keyof F as N[K]]: F[K];
  };
}

export const PostedPurchaseLineV2 = defineRecord(
  "PostedPurchaseLineV2",
  renamed(purchaseTransactionFields, PURCHASE_LINE_V2_NAMES),
  {
    description: "A posted line item (v2): the v1 PurchaseTransaction fields in snake_case.",
  },
);

export const DraftPurchaseLineV2 = defineRecord(
  "DraftPurchaseLineV2",
  {
    id: number(),
    product_id: number(),
    num_units: number(),
    batch_code: nullable(string()),
    expiration_date: nullable(date()),
    needs_activation: boolean(),
    activation_task_id: nullable(number()),
  },
  { description: "A line item of a purchase order originated through the API (v2)." },
);

/** A v2 line is posted when it carries purchase_trans_id; otherwise it is a draft line. */
const purchaseLineRead = z.unknown().transform((raw, ctx) => {
  const isPosted = typeof raw === "object" && raw !== null && "purchase_trans_id" in raw;
  const parsed = (isPosted ? PostedPurchaseLineV2.read : DraftPurchaseLineV2.read).safeParse(raw);
  if (!parsed.success) {
    ctx.addIssue({ code: "custom", message: "not a purchase line" });
    return z.NEVER;
  }
  return parsed.data as z.output<typeof PostedPurchaseLineV2.read> | z.output<typeof DraftPurchaseLineV2.read>;
});

const purchaseLines: Field = {
  doc: z.array(z.union([DraftPurchaseLineV2.doc, PostedPurchaseLineV2.doc])),
  read: tolerantArray(purchaseLineRead),
  label: "(DraftPurchaseLineV2 | PostedPurchaseLineV2)[]",
  description: "Present unless include_transactions=false.",
};

export const PurchaseV2 = defineRecord(
  "PurchaseV2",
  {
    ...renamed(purchaseFields, PURCHASE_V2_NAMES),
    purchase_id: nullable(number("Numeric ERP id; null until the purchase has synced into the ERP.")),
    purchase_transactions: purchaseLines,
  },
  {
    description: "A purchase (v2): the v1 fields in snake_case, with its line items inline.",
    required: true,
    optional: ["purchase_transactions"],
    sandbox: {
      supplier_id: number(
        "The supplier the purchase order was made for, which a draft editor needs to reload a draft.",
      ),
      delivery_date: nullable(date("The requested delivery date the purchase order was made with.")),
    },
  },
);

export const PurchaseValidationV1 = defineRecord(
  "PurchaseValidationV1",
  { Valid: boolean(), TotalCases: number() },
  { required: true, description: "Answer to a v1 purchase validation." },
);

export const PurchaseValidationV2 = defineRecord(
  "PurchaseValidationV2",
  { valid: boolean(), total_cases: number() },
  {
    required: true,
    description: "Answer to POST /purchases/validate (v2).",
    sandbox: {
      errors: array(
        nested({ doc: FieldError, read: FieldError, id: "FieldError" }),
        "The readiness rules that failed (valid false), as field errors; empty when valid.",
      ),
    },
  },
);
