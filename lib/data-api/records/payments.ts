import { dateTime, decimal, defineRecord, nullable, number, oneOf, string } from "../fields";

import { PAYMENT_APPLICATION_STATUSES } from "../values";

export const PaymentType = defineRecord(
  "PaymentType",
  {
    PaymentTypeID: number("The shared generic payment type has PaymentTypeID -1."),
    Name: string(),
    SupplierID: nullable(number()),
    TimeCreated: dateTime(),
    TimeUpdated: dateTime(),
  },
  { description: "Returned once per supplier in its product groups." },
);

export const Payment = defineRecord(
  "Payment",
  {
    PaymentID: number(),
    PaymentInvoiceID: number(),
    ARAccountID: number(),
    PaymentTypeID: number(),
    LoadSheetStatusID: number(),
    PaymentInvoiceNum: string(),
    PaymentTypeName: string(),
    Memo: string(),
    Amount: decimal("A reversed payment can have a negative Amount."),
    AvailableBalance: decimal("Remaining credit after confirmed applications and pending requests; never negative."),
    SupplierID: nullable(number()),
    ARNote: nullable(string()),
    PostDate: dateTime(),
    TimeCreated: dateTime(),
    TimeUpdated: dateTime(),
  },
  { description: "A payment received from a customer." },
);

export const OpenInvoice = defineRecord(
  "OpenInvoice",
  {
    InvoiceID: number(),
    CustomerID: number(),
    ARAccountID: number(),
    CreditTermID: number(),
    TermID: number(),
    InvoiceNum: string(),
    PONum: string(),
    InvoiceTotal: decimal("For supplier keys, only the supplier's portion."),
    OpenDebit: decimal("Not returned to supplier keys."),
    OpenCredit: decimal("Not returned to supplier keys."),
    OpenBalance: decimal("For supplier keys, only the supplier's portion."),
    DueDate: dateTime(),
    Date: dateTime(),
  },
  { description: "An invoice with a non-zero open balance." },
);

const applicationStatus = oneOf(PAYMENT_APPLICATION_STATUSES);

export const PaymentApplication = defineRecord(
  "PaymentApplication",
  {
    PaymentApplicationID: nullable(number("Filled once the request is confirmed.")),
    RequestID: nullable(number("Null for allocations applied directly in the ERP.")),
    PaymentInvoiceNum: string(),
    TargetInvoiceNum: string(),
    ARAccountID: number(),
    Amount: decimal(),
    Status: applicationStatus,
    RequestedByUserID: number(),
    AppliedBy: nullable(string()),
    TimeRequested: dateTime(),
    TimeExported: nullable(dateTime()),
    TimeApplied: nullable(dateTime()),
    TimeUpdated: dateTime(),
  },
  { description: "An allocation of a payment to an invoice, requested through the API or applied in the ERP." },
);

export const PaymentApplicationRequest = defineRecord(
  "PaymentApplicationRequest",
  {
    RequestID: number(),
    ARAccountID: number(),
    RequestedByUserID: number(),
    PaymentInvoiceNum: string(),
    TargetInvoiceNum: string(),
    Amount: decimal(),
    Status: applicationStatus,
    TimeRequested: dateTime(),
    TimeUpdated: dateTime(),
    TimeExported: nullable(dateTime()),
    TimeConfirmed: nullable(dateTime()),
    MatchedPaymentApplicationID: nullable(number()),
  },
  { description: "The answer to POST /payments/applications: a request in status Pending." },
);
