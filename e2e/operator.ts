import type { APIRequestContext } from "@playwright/test";

/**
 * The sandbox's operator key of the browser tests' servers, and the headers of an operator request. playwright.config.ts
 * makes the key once per run (unless SANDBOX_OPERATOR_KEY is set) into the runner's environment, which its server, its
 * workers and the apps a spec starts (`e2e/accounts/app.ts`) inherit. A server started by hand and reused by a local
 * run needs the same: start it, and the run, with one SANDBOX_OPERATOR_KEY.
 *
 * @example
 * await page.request.post("/sandbox/test/operator/jobs/export", { headers: OPERATOR, data: {} });
 */
export function operatorKey(): string {
  const key = process.env.SANDBOX_OPERATOR_KEY;
  if (!key) throw new Error("SANDBOX_OPERATOR_KEY is not set: run the browser tests with playwright.config.ts");
  return key;
}

/** An operator request's headers: the operator key, and a JSON body. */
export const OPERATOR = { "x-api-key": operatorKey(), "Content-Type": "application/json" };

/** An order as the sandbox's order entry takes it (`POST /sandbox/{env}/operator/invoices`, docs/sandbox.md). */
export interface InvoiceOrder {
  customerId: number;
  /** Units of each product, once each; whole cases of a product sold by the case. */
  lines: { productId: number; units: number }[];
  /** The invoice's date, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
}

/** The invoice an order became: as `GET /invoices/{id}` and `/invoiceTransactions` read it, and its delivery date. */
export interface EnteredInvoice {
  invoice: Record<string, unknown> & { InvoiceID: number; InvoiceNum: string; InvoiceTotal: string };
  lines: (Record<string, unknown> & { ProductID: number; NumUnits: number; Ordered: number; BackOrder: number })[];
  deliveryDate: string | null;
}

/**
 * Plays the ERP's order entry: a New invoice for the store at its prices of the day, for its next delivery. Throws
 * unless the sandbox answers 201. With `idempotencyKey`, a retried call makes no second invoice.
 *
 * @example
 * const { invoice } = await enterInvoice(page.request, { customerId: 20001, lines: [{ productId: 10001, units: 12 }] });
 */
export async function enterInvoice(
  request: APIRequestContext,
  order: InvoiceOrder,
  options: { env?: "test" | "production"; idempotencyKey?: string } = {},
): Promise<EnteredInvoice> {
  const path = `/sandbox/${options.env ?? "test"}/operator/invoices`;
  const response = await request.post(path, {
    headers: { ...OPERATOR, ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}) },
    data: order,
  });
  if (response.status() !== 201) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as EnteredInvoice;
}

/** A payment as the sandbox's ERP posts a cash receipt (`POST /sandbox/{env}/operator/payments`, docs/sandbox.md). */
export interface CashPayment {
  arAccountId: number;
  /** Decimal dollars as text, whole cents: "420.00". */
  amount: string;
  /** The payment's `Memo`: "Check #4417". */
  reference: string;
  /** The payment's `PostDate`, YYYY-MM-DD; the environment's UTC today when left out. */
  date?: string;
  /** Apply it to the account's open invoices, oldest due first (the default), or leave it all available. */
  apply?: boolean;
}

/** The payment posted, as `/payments` reads it, and its Confirmed applications as `/payments/applications` reads them. */
export interface PostedPayment {
  payment: Record<string, unknown> & { PaymentID: number; PaymentInvoiceNum: string; Amount: string; Memo: string };
  applications: (Record<string, unknown> & { TargetInvoiceNum: string; Amount: string })[];
}

/**
 * Plays the ERP's cash receipt: a payment of the AR account, applied to its open invoices. Throws unless the sandbox
 * answers 201. With `idempotencyKey`, a retried call posts no second payment.
 *
 * @example
 * await postPayment(page.request, { arAccountId: 30001, amount: "420.00", reference: "Check #4417" });
 */
export async function postPayment(
  request: APIRequestContext,
  payment: CashPayment,
  options: { env?: "test" | "production"; idempotencyKey?: string } = {},
): Promise<PostedPayment> {
  const path = `/sandbox/${options.env ?? "test"}/operator/payments`;
  const response = await request.post(path, {
    headers: { ...OPERATOR, ...(options.idempotencyKey ? { "Idempotency-Key": options.idempotencyKey } : {}) },
    data: payment,
  });
  if (response.status() !== 201) throw new Error(`POST ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as PostedPayment;
}
