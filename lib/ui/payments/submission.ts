/**
 * Sending allocation requests safely: one POST /payments/applications per invoice, one after another, each with its
 * own Idempotency-Key. A key is made when the person confirms and kept (in sessionStorage, so a reload keeps it too)
 * until an answer to that exact request has come back, so a double-click, a reload during the request or a retry
 * after a lost answer sends the same key again and the API replays its first answer instead of creating a second
 * request. Browser-safe and pure apart from the storage it is given.
 */

/** One allocation to request: the four inputs of POST /payments/applications. */
export interface AllocationRequest {
  arAccountId: number;
  paymentInvoiceNum: string;
  targetInvoiceNum: string;
  /** A positive decimal string, as typed (trimmed). */
  amount: string;
}

/** Where Idempotency-Keys wait for their answer: sessionStorage in the browser, a Map in tests. */
export interface KeyStore {
  get(signature: string): string | undefined;
  set(signature: string, key: string): void;
  delete(signature: string): void;
}

const PREFIX = "backroom.idempotency.";

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

/** A KeyStore over sessionStorage (per tab, survives a reload); in memory where there is none or it refuses writes. */
export function sessionKeyStore(storage: Storage | undefined = tabSessionStorage()): KeyStore {
  const memory = new Map<string, string>();
  const safe = <T>(run: () => T, fallback: T): T => {
    try {
      return storage ? run() : fallback;
    } catch {
      return fallback;
    }
  };
  return {
    get: (signature) => memory.get(signature) ?? safe(() => storage!.getItem(PREFIX + signature) ?? undefined, undefined),
    set: (signature, key) => {
      memory.set(signature, key);
      safe(() => storage!.setItem(PREFIX + signature, key), undefined);
    },
    delete: (signature) => {
      memory.delete(signature);
      safe(() => storage!.removeItem(PREFIX + signature), undefined);
    },
  };
}

/** The tab's sessionStorage, or undefined where there is none or reading it is refused (storage blocked: SecurityError). */
function tabSessionStorage(): Storage | undefined {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

/** The key of a request: the one waiting in the store for it, or a new one (kept until its answer comes). */
export function keyFor(store: KeyStore, request: AllocationRequest, newKey: () => string = () => crypto.randomUUID()): string {
  const signature = signatureOf(request);
  const existing = store.get(signature);
  if (existing) return existing;
  const key = newKey();
  store.set(signature, key);
  return key;
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

/**
 * An answer that settles the request as sent: the API refused it on its merits, and sending it again would be refused
 * again. Not final: no answer (network), 429, 5xx, and 409 IDEMPOTENCY_KEY_IN_PROGRESS (the first try is still running).
 */
function isFinalRefusal(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("status" in error)) return false;
  const { status, code } = error as { status: number; code?: string };
  if (status === 409 && code === "IDEMPOTENCY_KEY_IN_PROGRESS") return false;
  return [400, 403, 404, 409, 422].includes(status);
}
