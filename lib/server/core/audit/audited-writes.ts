import "server-only";
import type { AuditEvent, AuditReference } from "@/lib/audit/audit-types";
import { parseErrorBody } from "@/lib/data-api/error-read";

/**
 * Which of the proxy's operations the audit trail records, and what their requests and answers tell it. The bodies
 * are read leniently (they may be refused ones, or sparse answers): a field that is not of the expected type is left
 * out rather than failing the record.
 */
const EVENTS: Readonly<Record<string, AuditEvent>> = {
  createPaymentApplication: "payment-allocation",
  createPurchase: "purchase-create",
  updatePurchase: "purchase-update",
  submitPurchase: "purchase-submit",
  deletePurchase: "purchase-delete",
};

/** The audit event of an operation, or undefined when it is not a recorded write (reads, `validatePurchase`). */
export function auditedWrite(operationId: string): AuditEvent | undefined {
  return EVENTS[operationId];
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const num = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isFinite(value)
    ? value
    : typeof value === "string" && /^\d{1,15}$/.test(value)
      ? Number(value)
      : undefined;
const str = (value: unknown, max = 200): string | undefined =>
  typeof value === "string" || typeof value === "number" ? String(value).slice(0, max) : undefined;

/** Undefined fields dropped, so the stored JSON holds only what was known. */
function defined(reference: AuditReference): AuditReference {
  return Object.fromEntries(Object.entries(reference).filter(([, v]) => v !== undefined)) as AuditReference;
}

/**
 * A purchase's lines: how many, and their cases when the lines say (a request's lines do; an answer's draft lines
 * carry units only, and the answer's `total_cases` says instead).
 */
function lines(value: unknown): Pick<AuditReference, "lineCount" | "totalCases"> {
  if (!Array.isArray(value)) return {};
  const withCases = value.filter((line): line is Loose => isObject(line) && num(line.cases) !== undefined);
  const cases = withCases.reduce((sum, line) => sum + num(line.cases)!, 0);
  return { lineCount: value.length, totalCases: withCases.length ? Math.round(cases * 1000) / 1000 : undefined };
}

/** What a purchase (a v2 write body, or a v2 answer's `data`) names. */
function purchaseFields(purchase: Loose): AuditReference {
  const counted = lines(purchase.purchase_transactions);
  return {
    purchaseGlobalId: str(purchase.purchase_global_id),
    poNum: str(purchase.po_num),
    vendorId: num(purchase.vendor_id),
    warehouseId: num(purchase.to_location_id),
    lineCount: counted.lineCount,
    totalCases: num(purchase.total_cases) ?? counted.totalCases,
  };
}

/**
 * What a write request names: its path, query and body as sent (possibly invalid).
 *
 * @example
 * requestReference("createPaymentApplication", {}, { ARAccountID: "12", PaymentInvoiceNum: "P-1", TargetInvoiceNum: "I-9", Amount: "25.00" }, undefined);
 * // { arAccountId: 12, paymentInvoiceNum: "P-1", targetInvoiceNum: "I-9", amount: "25.00" }
 */
export function requestReference(
  operationId: string,
  path: Readonly<Record<string, string>>,
  query: Readonly<Record<string, unknown>>,
  body: unknown,
): AuditReference {
  if (operationId === "createPaymentApplication") {
    return defined({
      arAccountId: num(query.ARAccountID),
      paymentInvoiceNum: str(query.PaymentInvoiceNum),
      targetInvoiceNum: str(query.TargetInvoiceNum),
      amount: str(query.Amount, 40),
    });
  }
  const purchase = isObject(body) ? purchaseFields(body) : {};
  return defined({
    ...purchase,
    purchaseGlobalId: str(path.purchaseGlobalID) ?? purchase.purchaseGlobalId,
    submit: operationId === "createPurchase" && /^(true|1)$/i.test(String(query.submit ?? "")) ? true : undefined,
  });
}

/** An outcome as the audit trail keeps it: the status in words, and whether it can still change. */
export interface Outcome {
  outcome: string;
  final: boolean;
  erpId?: number;
}

const PAYMENT_FINAL = new Set(["Confirmed", "Rejected"]);

/** A payment allocation request's outcome from its Status. */
function paymentOutcome(record: Loose): Outcome | undefined {
  const status = str(record.Status, 40);
  return status ? { outcome: status, final: PAYMENT_FINAL.has(status) } : undefined;
}

/** A purchase's outcome: imported once it carries the ERP's id, else its status (InProgress, Submitted). */
function purchaseOutcome(record: Loose): Outcome | undefined {
  const erpId = num(record.purchase_id);
  if (erpId !== undefined) return { outcome: "Imported", final: true, erpId };
  const status = str(record.status, 40);
  return status ? { outcome: status, final: false } : undefined;
}

/**
 * What the API's answer to a write adds: on success the ids it made (the allocation's RequestID, the purchase's global
 * id and the rest of its reference) and the outcome so far; on a refusal its error code and detail.
 */
export function answerReference(
  operationId: string,
  status: number,
  body: unknown,
): { reference: AuditReference; outcome?: Outcome } {
  if (status >= 400) {
    const error = parseErrorBody(body);
    return { reference: defined({ errorCode: error?.code, errorDetail: error?.detail.slice(0, 500) }) };
  }
  if (operationId === "deletePurchase") return { reference: {}, outcome: { outcome: "Deleted", final: true } };
  if (!isObject(body)) return { reference: {} };
  if (operationId === "createPaymentApplication") {
    const record = isObject(body.Data) ? body.Data : body;
    return { reference: defined({ paymentRequestId: num(record.RequestID) }), outcome: paymentOutcome(record) };
  }
  const record = isObject(body.data) ? body.data : body;
  const outcome = purchaseOutcome(record);
  return { reference: defined({ ...purchaseFields(record), erpId: outcome?.erpId }), outcome };
}

/** What a read told about a write's outcome: one record of a payment application, or of a purchase. */
export type Observation =
  | { kind: "payment"; paymentRequestId: number; outcome: Outcome }
  | { kind: "purchase"; purchaseGlobalId: string; outcome: Outcome };

/** The reads whose answers can tell an outcome, and the events whose entries they settle. */
export const OUTCOME_READS: Readonly<Record<string, readonly AuditEvent[]>> = {
  listPaymentApplications: ["payment-allocation"],
  getPurchaseV2: ["purchase-create", "purchase-submit"],
  listPurchasesV2: ["purchase-create", "purchase-submit"],
};

/**
 * The outcomes a read's answer tells: each payment application with a RequestID (its Status), each purchase with a
 * global id (imported with its ERP id, or its status).
 */
export function observe(operationId: string, body: unknown): Observation[] {
  if (!isObject(body)) return [];
  const records =
    operationId === "getPurchaseV2"
      ? [body.data]
      : Array.isArray(body.Data)
        ? body.Data
        : Array.isArray(body.data)
          ? body.data
          : [];
  const seen: Observation[] = [];
  for (const record of records) {
    if (!isObject(record)) continue;
    if (operationId === "listPaymentApplications") {
      const id = num(record.RequestID);
      const outcome = paymentOutcome(record);
      if (id !== undefined && outcome) seen.push({ kind: "payment", paymentRequestId: id, outcome });
    } else {
      const id = str(record.purchase_global_id);
      const outcome = purchaseOutcome(record);
      if (id && outcome) seen.push({ kind: "purchase", purchaseGlobalId: id, outcome });
    }
  }
  return seen;
}
