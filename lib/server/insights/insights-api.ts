import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { ActorResolver } from "../core/auth/actor";
import type { BackroomDatabase } from "../core/db/schema";
import { defineRoute } from "../core/define-route";
import { NO_STORE } from "../core/route-errors";
import { csvHeader, csvRows, type ExportColumn } from "@/lib/format/csv";
import { addDays } from "@/lib/format/days";
import { customerZone } from "@/lib/domain/insights/definitions";
import { salesBy } from "@/lib/domain/insights/aggregate";
import { InsightsQuery, TABLE_IDS, TIERS, type InsightTable } from "@/lib/domain/insights/insights-tables";
import { historyPending, supplierRequired } from "./errors";
import { insightsView } from "./insights-view";
import { readHistory } from "./history-read";
import type { HistoryState, HistorySync } from "./history-sync";
import type { HistoryTables } from "./tables";

/** What the insights' endpoints need from the backend. */
export interface InsightsDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
  /** The first backfill's estimate, for `HISTORY_PENDING`. */
  insights: Pick<HistorySync, "estimate">;
}

/**
 * What every insights endpoint asks of who is asking: a key with insights, a brand's (Supplier) or the distributor
 * staff's (Employee: their linked reps' accounts, or the whole distributor's); a retailer's Customer key has none.
 */
export const INSIGHTS_KEYS = { need: "key", keyTypes: ["Supplier", "Employee"], what: "Insights" } as const;

/** A day as the insights' queries take it. */
export const Day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "a day as YYYY-MM-DD")
  // Written back the same: Date.parse takes 2026-02-30 for March 2.
  .refine((d) => {
    const at = Date.parse(`${d}T00:00:00Z`);
    return !Number.isNaN(at) && new Date(at).toISOString().slice(0, 10) === d;
  }, "a day that exists");

/**
 * Where a key's history stands (undefined: no walk begun); `backfilledAt` unset until its first backfill is in.
 *
 * @example
 * const state = await historyState(db, keyId);
 * if (!state?.backfilledAt) return "not yet";
 */
export async function historyState(coreDb: Kysely<BackroomDatabase>, keyId: string): Promise<HistoryState | undefined> {
  const db = coreDb.withTables<HistoryTables>();
  const row = await db.selectFrom("history_state").select("state_json").where("key_id", "=", keyId).executeTakeFirst();
  return row ? (JSON.parse(row.state_json) as HistoryState) : undefined;
}

/**
 * The key's history once its first backfill is in; until then it throws 409 `HISTORY_PENDING`, saying how far the
 * backfill has come and when it expects to be done, with `Retry-After`.
 *
 * @example
 * const state = await backfilled(actor.key, deps);
 * const asOf = state.refreshedAt ?? state.backfilledAt;
 */
export async function backfilled(
  key: { id: string },
  deps: InsightsDeps,
): Promise<HistoryState & { backfilledAt: string }> {
  const state = await historyState(deps.db, key.id);
  if (!state?.backfilledAt) throw historyPending(await deps.insights.estimate(key.id));
  return { ...state, backfilledAt: state.backfilledAt };
}

/**
 * What every insights route's description says of its refusals: the history's backfill pending, and the whole
 * distributor's history one supplier at a time.
 */
export const PENDING_WORDS = [
  "From the key's synced history alone: no request to the Data API. `asOf` is when the history was last walked. Until",
  "the key's first backfill is in: 409 `HISTORY_PENDING`, its detail saying when it expects to be done (\"About 20",
  'minutes left: 3 of 7 windows read"), and `Retry-After` when to ask again.',
].join("\n");

/** An Employee key's history of the whole distributor answers one `supplier` at a time. */
export const SUPPLIER_WORDS =
  "An Employee key's history of the whole distributor answers one `supplier` at a time: 400 `SUPPLIER_REQUIRED` " +
  "without one.";

const SalesQuery = z
  .strictObject({
    from: Day.describe("The period's first day (YYYY-MM-DD)."),
    to: Day.describe("Its last day, on or after `from`."),
    by: z.enum(["product", "customer", "week", "rep", "supplier"]).describe("What a row is."),
    supplier: z.coerce.number().int().positive().optional().describe("One supplier's lines only (a SupplierID)."),
  })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

/** A row's key as the API gives it: ids as numbers, a week's Monday as its day, "no rep" as null. */
const keyOf = (by: string, key: string) => (by === "week" ? key : key === "none" ? null : Number(key));

const SalesAnswer = z.object({
  asOf: z.string().describe("When the history was last walked."),
  rows: z.array(
    z.object({
      key: z
        .union([z.number(), z.string(), z.null()])
        .describe(
          "The ProductID, CustomerID, rep's UserID (null: no rep) or SupplierID; a week: its Monday (YYYY-MM-DD).",
        ),
      name: z.string(),
      units: z.number(),
      revenue: z.string().describe("Decimal dollars, 2 decimals."),
      invoices: z.number(),
      lastOrder: z.string().nullable().optional().describe("by=customer: the customer's last order day."),
      daysSince: z.number().nullable().optional().describe("by=customer: days since it."),
      tier: z.enum(TIERS).optional().describe("by=customer: the customer's health tier."),
    }),
  ),
});

export const getSales = defineRoute(
  {
    ...INSIGHTS_KEYS,
    method: "GET",
    path: "/api/insights/sales",
    summary: "Totals a Supplier or Employee key's sales in a period, by product, customer, week, rep or supplier.",
    description: [
      "An Employee key's sales are over its linked reps' accounts, or the whole distributor's. Rows by revenue,",
      "descending (weeks: by date, every week of the period present); `by=customer` adds `lastOrder`, `daysSince` and",
      "`tier`, and covers every known customer.",
      "",
      PENDING_WORDS,
      "",
      `${SUPPLIER_WORDS.slice(0, -1)}, or ask \`by=supplier\`.`,
    ].join("\n"),
    answer: SalesAnswer,
    query: SalesQuery,
    invalid: "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|customer|week|rep|supplier.",
  },
  async ({ actor, query }, deps: InsightsDeps): Promise<z.output<typeof SalesAnswer>> => {
    const state = await backfilled(actor.key, deps);
    const { from, to, by, supplier } = query;
    if (state.scope?.distributor && supplier === undefined && by !== "supplier") throw supplierRequired(true);
    // The whole history (a year, some thousands of rows): a customer's last order may be older than the period. By
    // supplier, the period's invoices are enough (a day before it: an invoice's day is read on its customer's clock).
    const history = await readHistory(deps.db, actor.key.id, {
      supplier,
      from: by === "supplier" ? addDays(from, -1) : undefined,
    });
    const rows = salesBy(by, history, { from, to, zoneOf: customerZone }).map((r) => ({ ...r, key: keyOf(by, r.key) }));
    return { asOf: state.refreshedAt ?? state.backfilledAt, rows };
  },
);

/** The Insights page's address (its bad values fall back, as the page's do) and the one table to export. */
const ExportQuery = InsightsQuery.extend({ table: z.enum(TABLE_IDS).describe("The table to export.") });

export const getExport = defineRoute(
  {
    ...INSIGHTS_KEYS,
    method: "GET",
    path: "/api/insights/export",
    summary: "Downloads one of the Insights page's tables as CSV.",
    description: [
      "What the page's **Export CSV** links download: every row, in the page's order and with its choices (the page's",
      "address; a bad value falls back as the page's do), from the key's synced history alone. While the first",
      "backfill reads back, as the page: the days read so far, the file's name ending `-read-from-YYYY-MM-DD`; 409",
      "`HISTORY_PENDING` until a window is read whole.",
    ].join("\n"),
    answer: { mediaType: "text/csv", description: "The table's rows as CSV (UTF-8 with a BOM), as an attachment." },
    query: ExportQuery,
    invalid: `Ask for one table: ?table=${TABLE_IDS.join("|")}.`,
  },
  async ({ actor, query }, deps: InsightsDeps) => {
    const { table: id, ...asked } = query;
    // The page's own view of the same address: the download holds what the page shows.
    const view = await insightsView(deps.db, actor.key.id, asked);
    if (!view.ready) throw historyPending(await deps.insights.estimate(actor.key.id), { until: "window" });
    const table = view.tables[id] as InsightTable<unknown>;
    const columns: ExportColumn[] = table.columns.map((c) => ({
      id: c.id,
      header: c.header,
      value: (row) => c.value(row),
    }));
    // While the first backfill reads back, the name says from which day its figures count.
    const partial = view.coverage.whole ? "" : `-read-from-${view.coverage.readFrom}`;
    const name = `insights-${table.id}${view.query.supplier ? `-supplier-${view.query.supplier}` : ""}${view.query.customer ? `-customer-${view.query.customer}` : ""}-${view.asOf}${partial}.csv`;
    return new Response(csvHeader(columns, { bom: true }) + csvRows(columns, table.rows as Record<string, unknown>[]), {
      headers: {
        ...NO_STORE,
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="${name}"`,
      },
    });
  },
);
