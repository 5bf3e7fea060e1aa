import {
  array,
  boolean,
  dateTime,
  decimal,
  defineRecord,
  nested,
  nullable,
  number,
  oneOf,
  string,
  unknown,
} from "../fields";

export const REVISION_STATUSES = ["Submitted", "Importing", "Accepted"] as const;

const revisionStatus = nullable(
  oneOf(
    REVISION_STATUSES,
    "Set while an update made in the ordering web application is being applied; values may not reflect it yet.",
  ),
);

export const Invoice = defineRecord(
  "Invoice",
  {
    InvoiceID: number(),
    CustomerID: number(),
    TermID: number(),
    SubmittedByUserID: number(),
    BuiltByUserID: number(),
    CustomerName: string(),
    InvoiceNum: string(),
    PDFURL: string(),
    SubmittedByUserName: string(),
    SubmittedByUserEmail: string(),
    BuiltByUserName: string(),
    BuiltByUserEmail: string(),
    PONum: nullable(string()),
    Memo: nullable(string()),
    ARNote: nullable(string()),
    PODate: nullable(dateTime()),
    OpenDebit: decimal(),
    OpenCredit: decimal(),
    InvoiceTotal: decimal(),
    TotalFullPrice: decimal(),
    TotalExtPrice: decimal(),
    TotalDiscount: decimal(),
    OpenBalance: decimal(),
    TotalNumUnits: string(),
    TotalCases: decimal(),
    Date: dateTime(),
    DueDate: dateTime(),
    InvoiceTimeCreated: dateTime(),
    InvoiceLastUpdated: dateTime(),
    Status: number("Invoice status id: 1 New, 2 Locked for Routing, 3 Loaded, 4 Returned, 5 Balanced, 7 Verified."),
    RevisionStatus: revisionStatus,
    RevisionUpdatedAt: nullable(dateTime()),
  },
  { description: "A sales invoice to a customer." },
);

export const InvoiceTransaction = defineRecord(
  "InvoiceTransaction",
  {
    InvoiceTransID: number(),
    InvoiceID: number(),
    CustomerID: number("Can be absent on some lines."),
    ProductID: number(),
    SupplierID: number(),
    NumUnits: number(),
    Ordered: number(),
    BackOrder: number(),
    ProductName: string(),
    BatchCode: string(),
    Cases: decimal(),
    FullPrice: decimal(),
    Discount: decimal(),
    UnitPrice: decimal(),
    ExtPrice: decimal(),
    PromotionID: nullable(number()),
    ReasonID: nullable(number()),
    PurchaseTransID: nullable(number("The purchase transaction that filled the line; null until filled.")),
    Reason: nullable(string()),
    PromotionOverridden: boolean("True when the price was manually overridden from its default."),
    COA_URL: nullable(string()),
    TimeUpdated: dateTime(),
    RevisionStatus: revisionStatus,
    RevisionUpdatedAt: nullable(dateTime()),
  },
  { description: "One line of an invoice." },
);

export const InvoiceCOA = defineRecord("InvoiceCOA", {
  InvoiceID: number(),
  ProductID: number(),
  InvoiceTransID: number(),
  BatchCode: string(),
  COA_URL: string(),
  TimeUpdated: dateTime(),
});

const InvoiceRef = defineRecord("AgingInvoiceRef", {
  InvoiceID: number(),
  InvoiceNum: string(),
  OpenBalance: decimal(),
});
const invoiceRefs = array(nested(InvoiceRef));

export const ARAging = defineRecord(
  "ARAging",
  {
    ARAccountID: number(),
    SupplierID: number(),
    OpenCredit: decimal(),
    CurrentDue: decimal(),
    Due_1_30: decimal(),
    Due_31_60: decimal(),
    Due_61_90: decimal(),
    Due_91: decimal(),
    TotalBalanceOutstanding: decimal(),
    CloseDate: dateTime(),
    TimeUpdated: dateTime(),
    CurrentInvoices: invoiceRefs,
    Invoices_1_30: invoiceRefs,
    Invoices_31_60: invoiceRefs,
    Invoices_61_90: invoiceRefs,
    Invoices_91: invoiceRefs,
    CreditInvoices: array(unknown(), "Item shape not shown."),
  },
  { description: "AR aging per AR account and supplier; recalculated once per day at the end of the day." },
);
