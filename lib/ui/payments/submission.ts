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
