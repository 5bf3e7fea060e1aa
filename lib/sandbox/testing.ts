import type { Kysely } from "kysely";
import type { KeyType } from "@/lib/data-api/operation";
import { fixedClock } from "./clock";
import type { Database } from "./db/schema";
import { demoKeys } from "./keys";
import { type SandboxRuntime, startSandbox } from "./runtime";

/** The fixed base clock of the sandbox's write tests. */
export const TEST_CLOCK = "2026-11-21T18:00:00.000Z";

export interface CallOptions {
  /** A demo key type, or a key in clear. Employee by default. */
  as?: KeyType | string;
  /** A JSON body (sent as application/json), or text sent as it is. */
  body?: unknown;
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  headers: Headers;
  /** The parsed JSON body; undefined when there is none. */
  body: Record<string, unknown> & { Error?: unknown; data?: unknown; Data?: unknown };
}

export interface TestSandbox {
  runtime: SandboxRuntime;
  /** The test environment's database. */
  db: Kysely<Database>;
  /** A request to the test environment: `call("POST", "/v2/purchases", { as: "Supplier", body })`. */
  call(method: string, path: string, options?: CallOptions): Promise<Answer>;
  /**
   * A request to an operator endpoint of the test environment, with the operator's key (`runtime.operatorKey`, made in
   * memory for this sandbox): `operator("POST", "/jobs/import")`.
   */
  operator(method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Answer>;
  /**
   * The ERP's order entry played by the operator (`POST /{env}/operator/invoices`): a New invoice for the store at its
   * prices of the day. `enterInvoice({ customerId: 20001, lines: [{ productId: 10001, units: 24 }] })`; answers 201
   * `{invoice, lines, deliveryDate}`, or the refusal. With `idempotencyKey`, a repeat makes no second invoice.
   */
  enterInvoice(order: InvoiceOrder, idempotencyKey?: string): Promise<Answer>;
  /**
   * The ERP's credit memo played by the operator (`POST /{env}/operator/credits`): a Returned invoice crediting one of
   * the store's invoices. `issueCredit({ customerId: 20001, invoiceNum: "INV-100123", lines: [{ productId: 10001,
   * units: 2, amount: "45.00" }] })`; answers 201 `{invoice, lines}`, or the refusal. With `idempotencyKey`, a repeat
   * issues no second credit.
   */
  issueCredit(credit: CreditMemo, idempotencyKey?: string): Promise<Answer>;
  /**
   * The ERP's cash receipt played by the operator (`POST /{env}/operator/payments`): a payment of the AR account,
   * applied to its open invoices oldest due first unless `apply` is false. `postPayment({ arAccountId: 30001, amount:
   * "420.00", reference: "Check #4417" })`; answers 201 `{payment, applications}`, or the refusal. With
   * `idempotencyKey`, a repeat posts no second payment.
   */
  postPayment(payment: CashPayment, idempotencyKey?: string): Promise<Answer>;
  /**
   * Every record of a v1 list of the test environment, page by page (500 a page), read straight from the sandbox: what
   * a test compares Backroom's own copy or document with. `walk("/invoices?Statuses=1,7", "Supplier")`.
   */
  walk(path: string, as?: KeyType | string): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** The body of `POST /{env}/operator/invoices` (`operator-invoices.ts`). */
export interface InvoiceOrder {
  customerId: number;
  lines: { productId: number; units: number }[];
  /** The invoice's date, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
}

/** The body of `POST /{env}/operator/credits` (`operator-credits.ts`). */
export interface CreditMemo {
  customerId: number;
  /** The store's invoice credited: its `InvoiceNum`, which becomes the credit's `PONum`. */
  invoiceNum: string;
  /** Per product of that invoice: units back (0 for a price credit) and the amount, decimal dollars ("45.00"). */
  lines: { productId: number; units: number; amount: string }[];
  /** Each line's `Reason`; "Credit memo" when left out. */
  reason?: string;
  /** The credit's date, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
}

/** The body of `POST /{env}/operator/payments` (`operator-payments.ts`). */
export interface CashPayment {
  arAccountId: number;
  /** Decimal dollars as text, whole cents: "420.00". */
  amount: string;
  /** The payment's `Memo`: "Check #4417". */
  reference: string;
  /** The payment's `PostDate`, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
  /** Apply it to the account's open invoices (true, the default), or leave it all available. */
  apply?: boolean;
}

const KEYS = demoKeys("test");

/**
 * A seeded in-memory sandbox (scale 0.05, clock fixed at TEST_CLOCK, no job timer, no rate limit to speak of) and
 * helpers to call it in-process, for tests of writes, jobs and operator endpoints.
 *
 * @example
 * const sandbox = await openTestSandbox();
 * const { status, body } = await sandbox.call("GET", "/v1/payments", { as: "Customer" });
 */
export async function openTestSandbox(): Promise<TestSandbox> {
  const runtime = await startSandbox({
    dataDir: ":memory:",
    clock: fixedClock(TEST_CLOCK),
    rateLimit: 1_000_000,
    scale: 0.05,
    basePath: "",
  });
  async function send(url: string, method: string, options: CallOptions = {}): Promise<Answer> {
    const as = options.as ?? "Employee";
    const headers: Record<string, string> = { "x-api-key": as in KEYS ? KEYS[as as KeyType] : as, ...options.headers };
    let body: string | undefined;
    if (options.body !== undefined) {
      body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
      headers["Content-Type"] ??= "application/json";
    }
    const res = await runtime.app.request(url, { method, headers, body });
    const text = await res.text();
    return {
      status: res.status,
      headers: res.headers,
      body: text ? (JSON.parse(text) as Answer["body"]) : (undefined as unknown as Answer["body"]),
    };
  }
  return {
    runtime,
    db: runtime.databases.test,
    call: (method, path, options) => send(`/test/api${path}`, method, options),
    operator: (method, path, body, headers) =>
      send(`/test/operator${path}`, method, { as: runtime.operatorKey, body, headers }),
    enterInvoice: (order, idempotencyKey) =>
      send("/test/operator/invoices", "POST", {
        as: runtime.operatorKey,
        body: order,
        headers: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
      }),
    issueCredit: (credit, idempotencyKey) =>
      send("/test/operator/credits", "POST", {
        as: runtime.operatorKey,
        body: credit,
        headers: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
      }),
    postPayment: (payment, idempotencyKey) =>
      send("/test/operator/payments", "POST", {
        as: runtime.operatorKey,
        body: payment,
        headers: idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey },
      }),
    async walk(path, as) {
      const url = new URL(path, "http://sandbox.test");
      url.searchParams.set("PageSize", "500");
      const all: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        url.searchParams.set("Page", String(page));
        const { status, body } = await send(`/test/api/v1${url.pathname}${url.search}`, "GET", { as });
        if (status !== 200) throw new Error(`GET ${path} answered ${status}`);
        all.push(...(body.Data as Record<string, unknown>[]));
        if (!body.HasNextPage) return all;
      }
    },
    close: () => runtime.close(),
  };
}
