/** The scripted browsing session of the proxy benchmarks (bench:proxy, bench:scale): paths under `/api/v1`. */
import { fetchJson, sessionCookie } from "./processes";

/** A 50-row page of invoices, filtered as the invoices page filters. */
export const INVOICE_PAGE = "/invoices?Statuses=1,2,3,4,5,7&StartDate=2025-06-01&PageSize=50";

/**
 * A few minutes of using the dashboard, compressed: each page load asks for its list and the reference lists it shows
 * (states, warehouses), and the person goes back and forth between pages.
 */
export function browsingSession(ids: { invoice: number; otherInvoice: number; customer: number }): string[] {
  const invoices = (page: number) => `${INVOICE_PAGE}&Page=${page}`;
  const layout = ["/states", "/locations"];
  return [
    ...layout,
    invoices(1), // open the invoices page
    invoices(2), // page 2
    invoices(1), // back to page 1
    `/invoices/${ids.invoice}`,
    `/invoiceTransactions/${ids.invoice}`,
    ...layout, // an invoice's detail and lines
    invoices(1),
    "/locations", // back to the list
    "/payments?PageSize=50",
    "/payments/types",
    "/states", // payments
    "/payments/openInvoices?PageSize=50",
    "/locations", // open invoices
    "/arAging?PageSize=50",
    "/states", // AR aging
    "/customers?PageSize=50",
    ...layout, // customers, page 1
    "/customers?PageSize=50&Page=2",
    "/customers?PageSize=50", // page 2 and back
    `/customers/${ids.customer}`,
    `/customers/creditTerms?CustomerIDs=${ids.customer}`, // one customer
    "/products?PageSize=50",
    "/productCategories",
    "/states", // products
    invoices(1),
    "/locations", // back to invoices
    `/invoices/${ids.invoice}`,
    `/invoiceTransactions/${ids.invoice}`, // the same invoice again
    "/arAging?PageSize=50",
    "/states", // AR aging again
    "/payments?PageSize=50",
    "/payments/types", // payments again
    "/payments/openInvoices?PageSize=50", // open invoices again
    `/invoices/${ids.otherInvoice}`,
    `/invoiceTransactions/${ids.otherInvoice}`, // another invoice
    "/products?PageSize=50&Page=2",
    "/products?PageSize=50",
    "/productCategories", // products, page 2 and back
  ];
}

/** Pause between the steps of the session: the whole session stays well inside the 15 s freshness of lists. */
export const STEP_PAUSE_MS = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sandbox's test environment (`http://127.0.0.1:4010/test`) and the operator key it was started with. */
export interface BenchSandbox {
  root: string;
  operatorKey: string;
}

/** A fresh operator-issued Employee key of the sandbox (its own cache entries and rate-limit count). */
export async function employeeKey(sandbox: BenchSandbox): Promise<string> {
  return (
    await fetchJson<{ key: string }>(`${sandbox.root}/operator/keys`, {
      method: "POST",
      headers: { "x-api-key": sandbox.operatorKey, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "Employee", company: "Bench" }),
    })
  ).key;
}

/** The sandbox's RateLimit-Remaining of a key, read with one direct request (which it counts too). */
async function remaining(api: string, key: string): Promise<number> {
  const res = await fetch(`${api}/states`, { headers: { "x-api-key": key } });
  await res.arrayBuffer();
  return Number(res.headers.get("RateLimit-Remaining"));
}

/**
 * Runs the session with a fresh Employee key, each step through the next of `apps` in turn (one app: all through it),
 * and answers the upstream requests it made: the drop in the sandbox's RateLimit-Remaining, less the reading itself.
 * `forwarded`: the headers the first app's load balancer would add to its sign-up (`Instance.forwarded`).
 *
 * @example
 * const upstream = await runBrowsingSession([one, two], `${url}/test/api/v1`, { root: `${url}/test`, operatorKey }, steps);
 */
export async function runBrowsingSession(
  apps: readonly string[],
  api: string,
  sandbox: BenchSandbox,
  steps: readonly string[],
  forwarded: Record<string, string> = {},
): Promise<number> {
  const key = await employeeKey(sandbox);
  const cookie = await sessionCookie(apps[0]!, { apiKey: key, environment: "test" }, { headers: forwarded });
  const before = await remaining(api, key);
  for (const [i, step] of steps.entries()) {
    const res = await fetch(`${apps[i % apps.length]}/api/v1${step}`, { headers: { Cookie: cookie } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`browsing session: GET /api/v1${step} answered ${res.status}`);
    await sleep(STEP_PAUSE_MS);
  }
  return before - (await remaining(api, key)) - 1;
}
