/* eslint-disable import/no-restricted-paths -- a test helper, imported by the reference suites only: like them, it reads the sandbox and the overview's requests. */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDataApiClient } from "@/lib/data-api/client";
import type { OperationId } from "@/lib/data-api/registry";
import { fixedClock } from "@/lib/sandbox/clock";
import type { Environment } from "@/lib/sandbox/environments";
import { demoKeys } from "@/lib/sandbox/keys";
import { type SandboxRuntime, startSandbox } from "@/lib/sandbox/runtime";
import { type ApiRequest, apiWalkOptions } from "@/lib/domain/api-query";
import { periodComparison } from "@/lib/domain/insights/period-comparison";
import { OVERVIEW_WALK_PAGES } from "@/lib/ui/overview/requests";
import type { FigureId } from "./catalog";

// What the second reading's suites share (`reference.test.ts`, `reference-*.test.ts`): the four seeds, the reference's
// own tools (a walk, exact micro-units, days) and the project's side (its requests through its own client), and
// `checkReferences`, which compares each case's two readings on every seed. A test helper: each suite file that calls
// `checkReferences` starts its own sandboxes.

export type Row = Record<string, unknown>;
export type KeyType = "Employee" | "Customer" | "Supplier";

/** A seeded sandbox's environment, read with its demo keys. */
export interface Seed {
  name: string;
  env: Environment;
  runtime: () => SandboxRuntime;
  /** The clock's moment, and its day (UTC: every US zone's day too at the clocks chosen). */
  now: Date;
  today: string;
}

const CLOCKS = [
  { at: "2026-11-21T18:00:00.000Z", scale: 0.05 },
  { at: "2026-03-04T17:00:00.000Z", scale: 0.08 },
] as const;
const runtimes: SandboxRuntime[] = [];
export const SEEDS: Seed[] = CLOCKS.flatMap((clock, i) =>
  (["test", "production"] as const).map((env) => ({
    name: `${env} at ${clock.at.slice(0, 10)}, scale ${clock.scale}`,
    env,
    runtime: () => runtimes[i]!,
    now: new Date(clock.at),
    today: clock.at.slice(0, 10),
  })),
);

// ---- The reference's own tools: a walk, exact micro-units, days. Nothing of the project's.

export const walks = new Map<string, Promise<Row[]>>();

/** Every record of a v1 list, page by page (500 a page) until the API says there is no next page; one walk a seed. */
export function walk(seed: Seed, as: KeyType, path: string): Promise<Row[]> {
  const key = `${seed.name} ${as} ${path}`;
  let walked = walks.get(key);
  if (!walked) {
    walked = (async () => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const url = `/${seed.env}/api/v1${path}${path.includes("?") ? "&" : "?"}PageSize=500&Page=${page}`;
        const res = await seed.runtime().app.request(url, { headers: { "x-api-key": demoKeys(seed.env)[as] } });
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
        const body = (await res.json()) as { Data: Row[]; HasNextPage: boolean };
        rows.push(...body.Data);
        if (!body.HasNextPage) return rows;
      }
    })();
    walks.set(key, walked);
  }
  return walked;
}

/** Every record of a v2 list, page by page (500 a page) until the API says there is no next page; one walk a seed. */
export function walkV2(seed: Seed, as: KeyType, path: string): Promise<Row[]> {
  const key = `${seed.name} ${as} v2 ${path}`;
  let walked = walks.get(key);
  if (!walked) {
    walked = (async () => {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const url = `/${seed.env}/api/v2${path}${path.includes("?") ? "&" : "?"}page_size=500&page=${page}`;
        const res = await seed.runtime().app.request(url, { headers: { "x-api-key": demoKeys(seed.env)[as] } });
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
        const body = (await res.json()) as { data: Row[]; has_next_page: boolean };
        rows.push(...body.data);
        if (!body.has_next_page) return rows;
      }
    })();
    walks.set(key, walked);
  }
  return walked;
}

/** A decimal string or number as integer millionths, exactly; more than six decimals is a failure, not a rounding. */
export function micros(value: unknown): bigint {
  const text = String(value ?? "0").trim() || "0";
  const m = /^(-?)(\d+)(?:\.(\d*))?$/.exec(text);
  if (!m) throw new Error(`not a decimal: ${text}`);
  const decimals = (m[3] ?? "").replace(/0+$/, "");
  if (decimals.length > 6) throw new Error(`more than six decimals: ${text}`);
  const n = BigInt(m[2]!) * 1_000_000n + BigInt((decimals + "000000").slice(0, 6));
  return m[1] ? -n : n;
}

export const sum = (values: unknown[]) => values.reduce<bigint>((total, v) => total + micros(v), 0n);
export const day = (value: unknown) => String(value ?? "").slice(0, 10);
export const shiftDay = (d: string, days: number) =>
  new Date(Date.parse(`${d}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** ISO weekday (1 Monday .. 7 Sunday) of a day. */
export const weekday = (d: string) => ((new Date(`${d}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

// ---- The project's side: its own requests, walked by its own walk, through its own client.

/** The project's typed client, on the seed's sandbox with a demo key. */
export function projectClient(seed: Seed, as: KeyType) {
  return createDataApiClient({
    baseUrl: `http://sandbox.test/${seed.env}/api/v1`,
    apiKey: demoKeys(seed.env)[as],
    fetch: async (input, init) => seed.runtime().app.fetch(new Request(input, init)),
  });
}

export function projectWalk<K extends OperationId>(
  seed: Seed,
  as: KeyType,
  request: ApiRequest<K>,
  pages = OVERVIEW_WALK_PAGES,
) {
  return apiWalkOptions(projectClient(seed, as), request, 0, pages).queryFn({ signal: new AbortController().signal });
}

/** A figure's two readings: what the project's function shows, and what the reference adds up to. */
export interface Readings {
  project: unknown;
  reference: unknown;
}

/** `n ÷ d` (d above zero) to `places` decimals, half away from zero, as text: the reference's own division. */
export function rounded(n: bigint, d: bigint, places: number): string {
  const scale = 10n ** BigInt(places);
  const magnitude = ((n < 0n ? -n : n) * scale * 2n + d) / (2n * d);
  const text = `${magnitude / scale}.${String(magnitude % scale).padStart(places, "0")}`;
  return n < 0n && magnitude !== 0n ? `-${text}` : text;
}

/**
 * Who covers a store, as the Insights history holds it (`lib/server/insights/history-read.ts`, which lib/domain may not
 * import): the rep its record names (SalesRepUserID), and every rep whose accounts (/salesReps) list it.
 */
export async function coverage(seed: Seed): Promise<(customerId: unknown) => number[]> {
  const reps = await walk(seed, "Employee", "/salesReps");
  const customers = await walk(seed, "Employee", "/customers?AccountStatuses=Active,Inactive,OutOfBus");
  return (customerId) =>
    [
      ...new Set([
        ...reps
          .filter((r) => ((r.Customers as Row[] | null) ?? []).some((c) => c.CustomerID === customerId))
          .map((r) => r.UserID as number),
        ...customers
          .filter((c) => c.CustomerID === customerId && c.SalesRepUserID != null)
          .map((c) => c.SalesRepUserID as number),
      ]),
    ].sort((a, b) => a - b);
}

/** The lines of these invoices, 200 ids a request, as the key reads them. */
export async function invoiceLines(seed: Seed, as: KeyType, ids: unknown[]): Promise<Row[]> {
  const lines: Row[] = [];
  for (let i = 0; i < ids.length; i += 200)
    lines.push(...(await walk(seed, as, `/invoiceTransactions?InvoiceIDs=${ids.slice(i, i + 200).join(",")}`)));
  return lines;
}

/** A raw invoice as the history keeps it (the project's input). */
export const historyInvoice = (i: Row) => ({
  invoiceId: i.InvoiceID as number,
  customerId: i.CustomerID as number,
  invoiceNum: String(i.InvoiceNum),
  date: String(i.Date),
  status: i.Status as number,
});

/** A raw line as the history keeps it (the project's input). */
export const historyLine = (l: Row) => ({
  lineId: l.InvoiceTransID as number,
  invoiceId: l.InvoiceID as number,
  customerId: l.CustomerID as number,
  productId: l.ProductID as number,
  supplierId: l.SupplierID as number,
  numUnits: l.NumUnits as number,
  extPrice: String(l.ExtPrice),
});

/** A key's sales of the 28 days to today (the brand's by default), by the project (`periodComparison`) and by the lines, each signed. */
export async function sales(seed: Seed, as: KeyType = "Supplier", before = 2) {
  const period = { from: shiftDay(seed.today, -27), to: seed.today };
  const invoices = await walk(seed, as, `/invoices?Statuses=1,2,3,4,5,7&StartDate=${shiftDay(period.from, -before)}`);
  const lines = await invoiceLines(
    seed,
    as,
    invoices.map((i) => i.InvoiceID),
  );
  const input = {
    invoices: invoices.map(historyInvoice),
    lines: lines.map(historyLine),
    customers: [],
    products: [],
  };
  const project = periodComparison(input, period).current;
  // Reference: a line of an invoice dated in the period counts as written, a return's (status 4) taken off.
  const inPeriod = new Map(
    invoices
      .filter((i) => day(i.Date) >= period.from && day(i.Date) <= period.to)
      .map((i) => [i.InvoiceID, i.Status === 4]),
  );
  const customerOf = new Map(invoices.map((i) => [i.InvoiceID, i.CustomerID]));
  const dayOf = new Map(invoices.map((i) => [i.InvoiceID, day(i.Date)]));
  const counted = lines
    .filter((l) => inPeriod.has(l.InvoiceID))
    .map((l) => {
      const returned = inPeriod.get(l.InvoiceID)!;
      const amount = micros(l.ExtPrice);
      const units = Number(l.NumUnits);
      return returned
        ? {
            amount: amount > 0n ? -amount : amount,
            units: units > 0 ? -units : units,
            returned,
            invoiceId: l.InvoiceID,
            productId: l.ProductID,
            supplierId: l.SupplierID,
            customerId: customerOf.get(l.InvoiceID),
            day: dayOf.get(l.InvoiceID)!,
          }
        : {
            amount,
            units,
            returned,
            invoiceId: l.InvoiceID,
            productId: l.ProductID,
            supplierId: l.SupplierID,
            customerId: customerOf.get(l.InvoiceID),
            day: dayOf.get(l.InvoiceID)!,
          };
    });
  return { project, lines: counted, input, period, invoices, rawLines: lines };
}

export type CountedLine = Awaited<ReturnType<typeof sales>>["lines"][number];

/**
 * The signed lines grouped by `keyOf` (a product, the invoice's store), each group's units, revenue and invoices (a
 * return's not counted), by key; a store whose lines add to nothing and that has no sale is no row.
 */
export function salesRows(lines: CountedLine[], keyOf: (line: CountedLine) => unknown) {
  const groups = new Map<number, CountedLine[]>();
  for (const l of lines) groups.set(Number(keyOf(l)), [...(groups.get(Number(keyOf(l))) ?? []), l]);
  return byKey(
    [...groups].map(([key, mine]) => [
      key,
      mine.reduce((n, l) => n + l.units, 0),
      mine.reduce((total, l) => total + l.amount, 0n),
      new Set(mine.filter((l) => !l.returned).map((l) => l.invoiceId)).size,
    ]),
  ).filter((row) => row[1] !== 0 || (row[3] as number) > 0);
}

/** Rows by their first cell, a number. */
export const byKey = (rows: unknown[][]) => [...rows].sort((a, b) => Number(a[0]) - Number(b[0]));

/** A figure's reference, on one seed. */
export type ReferenceCases = Partial<Record<FigureId, (seed: Seed) => Promise<Readings>>>;

/**
 * The suite of a file's cases: on each seed, each case's project reading equals its reference; and each reference is
 * something (not zero or empty) on one seed at least. That every figure of the catalogue has a case in one of the
 * files is `catalog.test.ts`'s to check.
 */
export function checkReferences(cases: ReferenceCases): void {
  const ids = Object.keys(cases) as FigureId[];
  beforeAll(async () => {
    // A suite's own sandboxes and walks: the unit tests' workers keep a module from one file to the next
    // (vitest.config.ts, `isolate: false`), so another reference suite in the same worker has closed its sandboxes,
    // and its walks may have read what its cases then changed (drafts submitted).
    runtimes.length = 0;
    walks.clear();
    for (const clock of CLOCKS)
      runtimes.push(
        await startSandbox({
          dataDir: ":memory:",
          clock: fixedClock(clock.at),
          rateLimit: 1_000_000,
          scale: clock.scale,
          basePath: "",
        }),
      );
  }, 60_000);
  afterAll(async () => {
    for (const runtime of runtimes) await runtime.close();
  });

  /** What each figure's reference gave on each seed: a figure zero or empty on every seed proves nothing. */
  const seen = new Map<FigureId, unknown[]>();

  describe.each(SEEDS)("the figures on $name", (seed) => {
    it.each(ids)("%s: the project's function equals the reference", async (id) => {
      const readings = await cases[id]!(seed);
      seen.set(id, [...(seen.get(id) ?? []), readings.reference]);
      expect(readings.project, `${id} on ${seed.name}`).toEqual(readings.reference);
    });
  });

  describe("the references", () => {
    it.each(ids)("%s is something on at least one seed (not zero or empty everywhere)", (id) => {
      const empty = (v: unknown): boolean =>
        v === 0 ||
        v === 0n ||
        (Array.isArray(v) && v.every(empty)) ||
        (typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every(empty)) ||
        (Array.isArray(v) && v.length === 0);
      expect(
        seen.get(id)?.some((v) => !empty(v)),
        `${id}: every seed gave ${JSON.stringify(seen.get(id), (_, v) => (typeof v === "bigint" ? `${v}` : v))}`,
      ).toBe(true);
    });
  });
}
