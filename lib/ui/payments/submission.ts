import { DataApiError } from "@/lib/data-api/data-api-error";
import { isFinalRefusal, keyForSignature, type KeyStore } from "@/lib/ui/idempotency";

/**
 * Sending allocation requests safely: one POST /payments/applications per invoice, one after another, each with its
 * own Idempotency-Key (`lib/ui/idempotency.ts`), made when the person confirms and kept until that request is answered.
 */

/** One allocation to request: the four inputs of POST /payments/applications. */
export interface AllocationRequest {
  arAccountId: number;
  paymentInvoiceNum: string;
  targetInvoiceNum: string;
  /** A positive decimal string, as typed (trimmed). */
  amount: string;
}

/**
 * The request's identity: the same inputs, as sent, are the same logical operation and get the same key. The amount
 * is compared as text, as the API compares requests: "10.5" and "10.50" are two requests to it.
 *
 * @example
 * signatureOf({ arAccountId: 50001, paymentInvoiceNum: "PMT-1", targetInvoiceNum: "INV-9", amount: "10.50" }); // "50001|PMT-1|INV-9|10.50"
 */
export function signatureOf(request: AllocationRequest): string {
  return [request.arAccountId, request.paymentInvoiceNum, request.targetInvoiceNum, request.amount].join("|");
}

/** The key of a request: the one waiting in the store for it, or a new one (kept until its answer comes). */
export function keyFor(store: KeyStore, request: AllocationRequest, newKey?: () => string): string {
  return keyForSignature(store, signatureOf(request), newKey);
}

/** What became of one request of a batch. */
export type Outcome<T> =
  | { state: "sent"; request: AllocationRequest; result: T }
  | { state: "failed"; request: AllocationRequest; error: unknown }
  | { state: "not sent"; request: AllocationRequest };

/**
 * Sends the requests one after another (never in parallel: each holds the payment's credit, and the API checks them
 * in order), telling `onProgress` after each. It stops at the first failure: the rest are "not sent", so the person
 * sees exactly which succeeded and can retry the others. A request keeps its Idempotency-Key until the API has
 * answered it; an answer that is an error the same request would get again (400, 403, 404, 409, 422) also ends the
 * key, so that a corrected request is not refused as a reuse.
 *
 * @example
 * const outcomes = await sendInOrder(requests, (r, key) => browserApi.createPaymentApplication({ query: ..., idempotencyKey: key }), sessionKeyStore());
 */
export async function sendInOrder<T>(
  requests: AllocationRequest[],
  send: (request: AllocationRequest, idempotencyKey: string) => Promise<T>,
  store: KeyStore,
  onProgress: (outcomes: Outcome<T>[]) => void = () => {},
  newKey?: () => string,
): Promise<Outcome<T>[]> {
  const outcomes: Outcome<T>[] = requests.map((request) => ({ state: "not sent", request }));
  // Keys for the whole batch first: they exist from the moment the person confirmed.
  const keys = requests.map((request) => keyFor(store, request, newKey));
  for (const [index, request] of requests.entries()) {
    try {
      const result = await send(request, keys[index]!);
      store.delete(signatureOf(request));
      outcomes[index] = { state: "sent", request, result };
      onProgress([...outcomes]);
    } catch (error) {
      if (isFinalRefusal(error)) store.delete(signatureOf(request));
      outcomes[index] = { state: "failed", request, error };
      onProgress([...outcomes]);
      break;
    }
  }
  return outcomes;
}

/** What a batch stopped by the API's field errors puts back on the form. */
export interface BackToForm {
  /** The lines (by index) whose request was sent: their amounts are cleared, as they leave the form. */
  sentLines: number[];
  /** Errors on a line's amount: the API named the amount or the target invoice of that line's request. */
  lineErrors: { index: number; message: string }[];
  /** Errors that name no line's amount, for above the form. */
  formErrors: string[];
}

/**
 * Where a batch that stopped on the API's field errors (a 400 or 422 naming `Amount`, `TargetInvoiceNum`, …) sends
 * the person: back to the amounts, each error on the line it concerns, the sent lines cleared. Undefined for any other
 * end (all sent, or a failure without field errors): the outcomes are shown instead, with their words.
 *
 * @example
 * backToForm(outcomes, [{ invoiceNum: "INV-1" }, { invoiceNum: "INV-2" }]);
 * // { sentLines: [0], lineErrors: [{ index: 1, message: "Amount is more than the open balance" }], formErrors: [] }
 */
export function backToForm(
  outcomes: readonly Outcome<unknown>[],
  lines: readonly { invoiceNum: string }[],
): BackToForm | undefined {
  const failed = outcomes.find((o) => o.state === "failed");
  if (!failed || !(failed.error instanceof DataApiError) || failed.error.fieldErrors.length === 0) return undefined;
  const indexOf = (request: AllocationRequest) => lines.findIndex((l) => l.invoiceNum === request.targetInvoiceNum);
  const sentLines = outcomes
    .filter((o) => o.state === "sent")
    .map((o) => indexOf(o.request))
    .filter((i) => i >= 0);
  const index = indexOf(failed.request);
  const back: BackToForm = { sentLines, lineErrors: [], formErrors: [] };
  for (const fieldError of failed.error.fieldErrors) {
    const message = fieldError.message ?? fieldError.detail;
    if (index >= 0 && (fieldError.field === "Amount" || fieldError.field === "TargetInvoiceNum"))
      back.lineErrors.push({ index, message });
    else back.formErrors.push(message);
  }
  return back;
}
