import { expect, type Locator, type Page } from "@playwright/test";
import { STALE } from "@/lib/domain/api-query";
import type { RequestLogEntry } from "@/lib/session/request-log-view";
import { OPERATOR } from "../operator";

/**
 * Keyboard-only helpers for the journeys: nothing is clicked; the focus moves with Tab (or Shift+Tab) as a person's
 * would, and controls are worked with Enter, Space, arrows and typing.
 */

/** Presses Tab (Shift+Tab with `back`) until `target` has the focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 120 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  }
  await expect(target, `reached by ${back ? "Shift+Tab" : "Tab"} within ${max} presses`).toBeFocused();
}

/** Tabs to a control and presses a key on it (Enter by default). */
export async function press(
  page: Page,
  target: Locator,
  key = "Enter",
  options: { back?: boolean; max?: number } = {},
) {
  await tabTo(page, target, options);
  await page.keyboard.press(key);
}

/** Tabs to a field and types into it (what was there is selected and replaced). */
export async function typeInto(
  page: Page,
  target: Locator,
  text: string,
  options: { back?: boolean; max?: number } = {},
) {
  await tabTo(page, target, options);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(text);
}

/** Tabs to a select and moves its choice with ArrowDown until its selected option's text matches. */
export async function choose(
  page: Page,
  select: Locator,
  option: RegExp,
  options: { back?: boolean; max?: number } = {},
) {
  await tabTo(page, select, options);
  for (let i = 0; i < 60; i++) {
    const label = await select.evaluate((el: HTMLSelectElement) => el.selectedOptions[0]?.textContent ?? "");
    if (option.test(label)) return;
    await page.keyboard.press("ArrowDown");
  }
  throw new Error(`no option of the select matches ${option}`);
}

/**
 * A key issued for one journey (a cold cache and a request log of its own): a retailer's for the demo retailer's
 * accounts, a brand's for the demo brand, or staff's.
 */
export async function issueKey(
  page: Page,
  type: "Customer" | "Supplier" | "Employee",
  options: { rateLimit?: number; customerIds?: number[] } = {},
): Promise<string> {
  let ids = {};
  if (type === "Customer" && options.customerIds) ids = { customerIds: options.customerIds };
  else if (type === "Customer") {
    // The demo retailer's accounts, read through the sandbox with its demo key.
    const response = await page.request.get(
      "/sandbox/test/api/v1/customers?PageSize=500&AccountStatuses=Active,Inactive,OutOfBus",
      { headers: { "x-api-key": "test-customer-demo" } },
    );
    ids = {
      customerIds: ((await response.json()) as { Data: { CustomerID: number }[] }).Data.map((c) => c.CustomerID),
    };
  }
  if (type === "Supplier") ids = { supplierIds: [101] };
  const response = await page.request.post("/sandbox/test/operator/keys", {
    headers: OPERATOR,
    data: { type, company: `Journey ${type}`, ...ids, ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}) },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { key: string }).key;
}

/** The test environment's records, every page of a list, read with the staff demo key through the sandbox. */
async function everyPage<T>(page: Page, path: string): Promise<T[]> {
  const all: T[] = [];
  for (let n = 1; ; n++) {
    const response = await page.request.get(
      `/sandbox/test/api/v1/${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${n}`,
      {
        headers: { "x-api-key": "test-employee-demo" },
      },
    );
    const data = ((await response.json()) as { Data: T[] }).Data;
    all.push(...data);
    if (data.length < 500) return all;
  }
}

/**
 * A retailer other than the demo's with a payment holding credit and two invoices that owe: a journey allocating for it
 * meets no other test's requests on its account (the payments specs, running alongside, write on the demo retailer's).
 */
export async function retailerOfItsOwn(page: Page): Promise<number> {
  const demo = new Set(
    (
      await (
        await page.request.get("/sandbox/test/api/v1/customers?PageSize=500&AccountStatuses=Active,Inactive,OutOfBus", {
          headers: { "x-api-key": "test-customer-demo" },
        })
      ).json()
    ).Data.map((c: { CustomerID: number }) => c.CustomerID),
  );
  const owing = new Map<number, { customer: number; invoices: number }>();
  for (const i of await everyPage<{ ARAccountID: number; CustomerID: number; OpenBalance: string }>(
    page,
    "payments/openInvoices",
  )) {
    if (demo.has(i.CustomerID) || Number(i.OpenBalance) < 1) continue;
    const seen = owing.get(i.ARAccountID) ?? { customer: i.CustomerID, invoices: 0 };
    owing.set(i.ARAccountID, { ...seen, invoices: seen.invoices + 1 });
  }
  const accounts = [...owing].filter(([, o]) => o.invoices >= 2).map(([id]) => id);
  const payments = await everyPage<{ ARAccountID: number; AvailableBalance: string }>(
    page,
    `payments?ARAccountIDs=${accounts.join(",")}`,
  );
  const account = payments.find((p) => Number(p.AvailableBalance) >= 2)?.ARAccountID;
  if (account === undefined) throw new Error("no retailer but the demo's has credit and two invoices that owe");
  return owing.get(account)!.customer;
}

let people = 0;

/**
 * A new person's first steps with the keyboard alone, typing as they would: an account on /sign-up, a workspace on
 * /workspaces, its key on /settings/keys (Test environment), then the dashboard. Returns when the key was added: what
 * the key's request log holds from then on is the journey's.
 */
export async function connectWithKey(page: Page, key: string): Promise<string> {
  await page.goto("/sign-up");
  await typeInto(page, page.getByLabel("Name"), "Journey person");
  await typeInto(
    page,
    page.getByLabel("Email"),
    `journey-${process.pid}-${Date.now().toString(36)}-${++people}@example.test`,
  );
  await typeInto(page, page.getByLabel("Password"), "a long passphrase for journeys");
  await press(page, page.getByRole("button", { name: "Create the account" }));
  await expect(page).toHaveURL(/\/workspaces$/);
  await typeInto(page, page.getByLabel("Workspace name"), "Journey workspace");
  await press(page, page.getByRole("button", { name: "Create the workspace" }));
  await expect(page).toHaveURL(/\/settings\/keys$/);
  await typeInto(page, page.getByLabel("API key"), key);
  const test = page.getByRole("radio", { name: /Test/ });
  await tabTo(page, page.locator('input[name="key-environment"]:checked'));
  for (let i = 0; i < 3 && !(await test.isChecked()); i++) await page.keyboard.press("ArrowDown");
  await expect(test).toBeChecked();
  await press(page, page.getByRole("button", { name: "Add the key" }));
  await expect(page.getByRole("status").filter({ hasText: /^Added “/ })).toBeVisible();
  const since = new Date().toISOString();
  await press(page, page.getByRole("link", { name: "Open the dashboard" }));
  await expect(page.getByRole("heading", { level: 1, name: "Overview" })).toBeVisible();
  return since;
}

/** The working lists' freshness: a page reads a list it shows again once its copy is this old (the shortest of all). */
const KEPT_CURRENT_MS = STALE.working;

/**
 * The Data API requests the key made since `since` (server and browser), from its request log, by operation, newest
 * first: those that reached the API (`upstream`, or `revalidated` with an ETag). Left out: a read the proxy answered
 * from its fresh copy (`cache`: nothing of the key's hour spent), a follow-up Backroom makes for a write of the journey
 * (the log marks it `by`), and a page keeping a list current: a read of an address read before in the journey, once
 * that copy was `KEPT_CURRENT_MS` old. The last two come with the journey's pace (a person's, or a busy machine's), and
 * so did the first: on two loaded cores the retailer's Payments page read the open invoices the overview had read after
 * that copy went stale (not counted), on a fast machine 4 s after, from the proxy's copy (counted, 21 against 20).
 */
export async function requestsSince(page: Page, since: string): Promise<string[]> {
  const log = (await (await page.request.get("/api/session/requests?limit=200")).json()) as {
    requests: (Pick<RequestLogEntry, "at" | "method" | "path" | "source"> & { operation?: string; by?: string })[];
  };
  const made = log.requests
    .filter((r) => r.at >= since && r.by === undefined && (r.source === "upstream" || r.source === "revalidated"))
    .sort((a, b) => a.at.localeCompare(b.at));
  const lastRead = new Map<string, number>();
  const counted = made.filter((r) => {
    if (r.method !== "GET") return true;
    const at = Date.parse(r.at);
    const before = lastRead.get(r.path);
    lastRead.set(r.path, at);
    return before === undefined || at - before < KEPT_CURRENT_MS;
  });
  if (counted.length < made.length)
    console.log(
      `kept current, not counted: ${made
        .filter((r) => !counted.includes(r))
        .map((r) => r.operation ?? r.path)
        .join(", ")}`,
    );
  return counted.reverse().map((r) => r.operation ?? r.path);
}
