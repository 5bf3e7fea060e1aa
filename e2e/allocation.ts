import type { APIRequestContext, APIResponse, Locator } from "@playwright/test";
import { requireDecimal } from "@/lib/format/decimal";

/** Micro-units of a "1,234.56" or "3,546.085" figure (as the form shows it, exactly). */
const micros = (money: string) => requireDecimal(money.replace(/,/g, ""));

/**
 * The invoices of an allocation form that can still take `atLeast` dollars, oldest due first: those offered an amount
 * (a credit, a paid invoice or one already requested in full is not) whose open balance less what is "already
 * requested" toward it is enough. The seed has requests Pending toward some invoices, differently from one day's seed
 * to the next, and other tests request toward the same account's invoices: an invoice that merely owes something may
 * have no room left, and the form (and the proxy) refuse more than the room.
 */
export async function invoicesWithRoom(form: Locator, atLeast = "0.01"): Promise<string[]> {
  const rows = form.getByRole("region", { name: "Amounts to allocate" }).locator("tbody tr");
  await rows.first().waitFor();
  const found: string[] = [];
  for (const row of await rows.all()) {
    const invoice = (await row.locator("th").textContent())!.trim();
    if ((await row.getByLabel(`Amount for invoice ${invoice}`).count()) === 0) continue;
    // "$431.60" and, below it, "$203.225 already requested".
    const [balance = "0", asked = "0"] = [
      ...(await row.locator("td").nth(2).textContent())!.matchAll(/\$([\d,]+\.\d{2,6})/g),
    ].map((m) => m[1]!);
    if (micros(balance) - micros(asked) >= micros(atLeast)) found.push(invoice);
  }
  return found;
}

/** What an allocation form's row says is already requested toward its invoice, exactly ("0.00" when nothing is). */
export async function requestedToward(form: Locator, invoice: string): Promise<string> {
  const row = form
    .getByRole("region", { name: "Amounts to allocate" })
    .getByRole("row", { name: new RegExp(`^${invoice} `) });
  const text = (await row.locator("td").nth(2).textContent()) ?? "";
  return /\$([\d,]+\.\d{2,6}) already requested/.exec(text)?.[1]?.replace(/,/g, "") ?? "0.00";
}

/**
 * Requests `amount` of a payment toward the first of `invoices` that has room for it, through the proxy (a 409
 * OVER_OPEN_BALANCE is an invoice already requested in full: the next is tried). Returns the answer (201, or the last
 * refusal when none took it) and the invoice it was for.
 */
export async function requestTowardRoom(
  request: APIRequestContext,
  {
    origin,
    payment,
    invoices,
    amount,
    key,
  }: {
    origin: string;
    /** A payment and open invoices as the API lists them (their PaymentInvoiceNum, ARAccountID; InvoiceNum, OpenBalance). */
    payment: Record<string, unknown>;
    invoices: readonly Record<string, unknown>[];
    amount: string;
    /** The idempotency key's prefix. */
    key: string;
  },
): Promise<{ created: APIResponse; invoiceNum: string }> {
  let last: { created: APIResponse; invoiceNum: string } | undefined;
  for (const invoice of invoices.filter((i) => Number(i.OpenBalance) >= Number(amount))) {
    const invoiceNum = String(invoice.InvoiceNum);
    const created = await request.post(
      `${origin}/api/v1/payments/applications?PaymentInvoiceNum=${payment.PaymentInvoiceNum}&TargetInvoiceNum=${invoiceNum}&ARAccountID=${payment.ARAccountID}&Amount=${amount}`,
      { headers: { Origin: origin, "Idempotency-Key": `${key}-${Date.now()}-${invoiceNum}` } },
    );
    last = { created, invoiceNum };
    if (created.status() !== 409) return last;
  }
  if (!last) throw new Error(`account ${payment.ARAccountID} has no invoice that owes ${amount}`);
  return last;
}
