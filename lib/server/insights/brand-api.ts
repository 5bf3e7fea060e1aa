import "server-only";
/**
 * A brand's distribution and velocity, its stores' reorder cadence and its promotions' lift, for integrations and
 * tests, refused and answered as `getSales` is (insights-api.ts). Beside insights-api.ts so that each stays small.
 */
import * as z from "zod";
import { defineRoute } from "../core/define-route";
import { addDays } from "@/lib/format/days";
import { customerZone, previousPeriod } from "@/lib/domain/insights/definitions";
import { distribution } from "@/lib/domain/insights/distribution";
import { cadence, type CadenceRow } from "@/lib/domain/insights/cadence";
import { type LiftRow, promotionLift } from "@/lib/domain/insights/promotion-lift";
import { supplierRequired } from "./errors";
import { readHistory } from "./history-read";
import { backfilled, Day, INSIGHTS_KEYS, type InsightsDeps, PENDING_WORDS, SUPPLIER_WORDS } from "./insights-api";

const Supplier = z.coerce.number().int().positive().optional().describe("One supplier's lines only (a SupplierID).");
const From = Day.describe("The period's first day (YYYY-MM-DD).");
const To = Day.describe("Its last day, on or after `from`.");

const DistributionQuery = z
  .strictObject({
    from: From,
    to: To,
    by: z.enum(["product", "line"]).describe("A row per product, or per product line (its group)."),
    supplier: Supplier,
  })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

const CadenceQuery = z.strictObject({
  asOf: Day.optional().describe(
    "The day the cadence is of (YYYY-MM-DD). By default the UTC day of the history's last walk, not today: orders " +
      "after it are not known yet, and a store would look late for want of a sync.",
  ),
  supplier: Supplier,
});

const PromotionsQuery = z
  .strictObject({ from: From, to: To, supplier: Supplier })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

const DistributionAnswer = z.object({
  asOf: z.string().describe("When the history was last walked."),
  from: z.string(),
  to: z.string(),
  previous: z
    .object({ from: z.string(), to: z.string() })
    .describe("The period of the same length before, the new and lost doors' measure."),
  rows: z.array(
    z.object({
      key: z.union([z.number(), z.string()]).describe("The ProductID, or the line's (product group's) name."),
      name: z.string(),
      doors: z.number().describe("Stores with a non-returned invoice of it dated in the period."),
      newDoors: z.number().describe("Doors of this period that were none of the previous period's."),
      lostDoors: z.number().describe("Doors of the previous period that are none of this period's."),
      unitsPerDoorPerWeek: z
        .string()
        .nullable()
        .describe("Net units ÷ doors ÷ (the period's days ÷ 7), 2 decimals; null without a door."),
      shareOfDoors: z
        .string()
        .nullable()
        .describe(
          "Doors ÷ the brand's doors (a product's: those in the state it ships to), in percent with one decimal; null " +
            "when there is no such door.",
        ),
    }),
  ),
});

export const getDistribution = defineRoute(
  {
    ...INSIGHTS_KEYS,
    method: "GET",
    path: "/api/insights/distribution",
    summary: "Measures a brand's distribution per product or line: doors, new and lost doors, velocity, share.",
    description: [
      "A row for anything carried or sold in either period (a product that lost all its doors shows them lost), doors",
      'descending then key; a product the catalogue no longer lists is in the line "Other".',
      "",
      PENDING_WORDS,
      "",
      SUPPLIER_WORDS,
    ].join("\n"),
    answer: DistributionAnswer,
    query: DistributionQuery,
    invalid: "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|line[&supplier=ID].",
  },
  async ({ actor, query }, deps: InsightsDeps): Promise<z.output<typeof DistributionAnswer>> => {
    const state = await backfilled(actor.key, deps);
    const { from, to, by, supplier } = query;
    if (state.scope?.distributor && supplier === undefined) throw supplierRequired(false);
    // The two periods' invoices, from a day before (an invoice's day is read on its customer's clock).
    const history = await readHistory(deps.db, actor.key.id, {
      supplier,
      from: addDays(previousPeriod({ from, to }).from, -1),
    });
    const { brandDoors: _brandDoors, ...result } = distribution(by, history, { from, to, zoneOf: customerZone });
    const rows = result.rows.map((r) => ({ ...r, key: by === "product" ? Number(r.key) : r.key }));
    return { asOf: state.refreshedAt ?? state.backfilledAt, ...result, rows };
  },
);

const CadenceAnswer = z.object({
  asOf: z.string().describe("The day the cadence is of (YYYY-MM-DD)."),
  rows: z.array(
    z.object({
      customerId: z.number(),
      name: z.string(),
      orders: z.number().describe("Distinct order days (non-returned invoices) up to `asOf`."),
      medianDays: z
        .number()
        .nullable()
        .describe("Median days between them (may end in .5); null with fewer than three."),
      daysSince: z.number(),
      status: z
        .enum(["late", "due", "ok", "unknown"])
        .describe('"late" past 1.5 × the median, "due" past the median, else "ok"; "unknown" without a median.'),
      lastOrder: z.string(),
      nextOrder: z
        .string()
        .nullable()
        .describe("The day its next order is expected: the last plus the median, a half day rounded up."),
    }) satisfies z.ZodType<CadenceRow>,
  ),
});

export const getCadence = defineRoute(
  {
    ...INSIGHTS_KEYS,
    method: "GET",
    path: "/api/insights/cadence",
    summary: "Reads each store's reorder cadence as of a day: due and late by its own median.",
    description: ["Late first.", "", PENDING_WORDS, "", SUPPLIER_WORDS].join("\n"),
    answer: CadenceAnswer,
    query: CadenceQuery,
    invalid: "Ask as ?asOf=YYYY-MM-DD[&supplier=ID], or without.",
  },
  async ({ actor, query }, deps: InsightsDeps): Promise<z.output<typeof CadenceAnswer>> => {
    const state = await backfilled(actor.key, deps);
    const { supplier } = query;
    if (state.scope?.distributor && supplier === undefined) throw supplierRequired(false);
    // By default the UTC day of the history's last walk: what it knows of orders reaches no further.
    const asOf = query.asOf ?? (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
    // The whole history: a store's rhythm is read over the year the history holds.
    const history = await readHistory(deps.db, actor.key.id, { supplier });
    const rows = cadence(history, { asOf, zoneOf: customerZone }).map((r) => ({
      customerId: r.customerId,
      name: r.name,
      orders: r.orders,
      medianDays: r.medianDays,
      daysSince: r.daysSince,
      status: r.status,
      lastOrder: r.lastOrder,
      nextOrder: r.nextOrder,
    }));
    return { asOf, rows };
  },
);

const PromotionsAnswer = z.object({
  asOf: z.string().describe("The UTC day of the history's last walk."),
  from: z.string(),
  to: z.string(),
  rows: z.array(
    z.object({
      promotionId: z.number(),
      name: z.string(),
      from: z.string().describe("The first day it ran, as far as the history reaches."),
      to: z.string().describe("Its last day, as far as the history reaches."),
      running: z.boolean().describe("Still running after the history's last day: its figures are of the days so far."),
      inferred: z
        .boolean()
        .describe("Not in the promotions list: its days and products read from the lines priced by it."),
      doors: z.number().describe("Stores with a non-returned line priced by it while it ran."),
      newDoors: z.number().describe("Doors that bought none of its products in the 8 weeks before."),
      unitsPerDoorPerWeek: z
        .string()
        .nullable()
        .describe("Net units of its products the doors bought while it ran ÷ doors ÷ weeks, 2 decimals."),
      baselineUnitsPerDoorPerWeek: z
        .string()
        .nullable()
        .describe("The same doors' units per door per week of its products in the 8 weeks before."),
      unitsLift: z
        .string()
        .nullable()
        .describe("(during − baseline) ÷ baseline in percent, one decimal; null when too thin or without a baseline."),
      revenuePerDoorPerWeek: z.string().nullable().describe("Revenue (ExtPrice) per door per week while it ran."),
      baselineRevenuePerDoorPerWeek: z.string().nullable(),
      revenueLift: z.string().nullable(),
      promotedUnits: z.number().describe("Net units sold at its price (lines priced by it)."),
      discount: z
        .string()
        .describe("What it gave: each line priced by it, Discount × NumUnits (a return's subtracted), 2 decimals."),
      thin: z
        .string()
        .nullable()
        .describe(
          "Why the lift is not told: fewer than 5 doors, under 2 weeks, the 8 weeks before not in the history.",
        ),
    }) satisfies z.ZodType<LiftRow>,
  ),
});

export const getPromotionLift = defineRoute(
  {
    ...INSIGHTS_KEYS,
    method: "GET",
    path: "/api/insights/promotions",
    summary:
      "Measures the lift of each of a brand's promotions that ran in a period, against its doors' 8 weeks before.",
    description: [
      "Each promotion that ran in the period (up to the history's last walk), the latest first: its doors, new doors,",
      "units and revenue per door per week during it and in its doors' 8 weeks before, the lifts, the discount given",
      "and why it is too thin to tell.",
      "",
      PENDING_WORDS,
      "",
      SUPPLIER_WORDS,
    ].join("\n"),
    answer: PromotionsAnswer,
    query: PromotionsQuery,
    invalid: "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD[&supplier=ID].",
  },
  async ({ actor, query }, deps: InsightsDeps): Promise<z.output<typeof PromotionsAnswer>> => {
    const state = await backfilled(actor.key, deps);
    const { from, to, supplier } = query;
    if (state.scope?.distributor && supplier === undefined) throw supplierRequired(false);
    const asOf = (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
    // The whole history: a promotion's baseline reaches 8 weeks before it began.
    const history = await readHistory(deps.db, actor.key.id, { supplier });
    const rows = promotionLift(history, {
      from,
      to: to < asOf ? to : asOf,
      asOf,
      historyFrom: state.horizon,
      zoneOf: customerZone,
    });
    return { asOf, from, to, rows };
  },
);
