import "server-only";
/**
 * A brand's distribution and velocity, its stores' reorder cadence and its promotions' lift, for integrations and
 * tests, from the key's synced history alone (no request to the API), refused and answered as `getSales` is
 * (insights-api.ts): a Customer key has no insights, `HISTORY_PENDING` until the first backfill is in, one supplier at
 * a time from an Employee key's history of the whole distributor. Beside insights-api.ts so that each stays small.
 */
import * as z from "zod";
import { defineRoute } from "../core/define-route";
import { addDays } from "@/lib/format/days";
import { customerZone, previousPeriod } from "@/lib/domain/insights/definitions";
import { distribution } from "@/lib/domain/insights/distribution";
import { cadence } from "@/lib/domain/insights/cadence";
import { promotionLift } from "@/lib/domain/insights/promotion-lift";
import { supplierRequired } from "./errors";
import { readHistory } from "./history-read";
import { backfilled, Day, INSIGHTS_KEYS, type InsightsDeps } from "./insights-api";

const Supplier = z.coerce.number().int().positive().optional();

const DistributionQuery = z
  .strictObject({ from: Day, to: Day, by: z.enum(["product", "line"]), supplier: Supplier })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

const CadenceQuery = z.strictObject({ asOf: Day.optional(), supplier: Supplier });

const PromotionsQuery = z
  .strictObject({ from: Day, to: Day, supplier: Supplier })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

// GET /api/insights/distribution?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|line[&supplier=ID]: per product or product
// line (its group), the doors, new and lost doors against the period of the same length before, units per door per
// week and share of the brand's doors: {asOf, from, to, previous: {from, to}, rows: [{key, name, doors, newDoors,
// lostDoors, unitsPerDoorPerWeek, shareOfDoors}]}. `asOf` is when the history was last walked; keys are ProductIDs,
// or the line's name.
export const getDistribution = defineRoute(
  {
    ...INSIGHTS_KEYS,
    query: DistributionQuery,
    invalid: "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|line[&supplier=ID].",
  },
  async ({ actor, query }, deps: InsightsDeps) => {
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

// GET /api/insights/cadence[?asOf=YYYY-MM-DD][&supplier=ID]: each store's reorder cadence as of a day: {asOf, rows:
// [{customerId, name, orders, medianDays, daysSince, status, lastOrder, nextOrder}]}, late first. `asOf` defaults to
// the UTC day of the history's last walk, not today: orders after it are not known yet, and a store would look late
// for want of a sync.
export const getCadence = defineRoute(
  { ...INSIGHTS_KEYS, query: CadenceQuery, invalid: "Ask as ?asOf=YYYY-MM-DD[&supplier=ID], or without." },
  async ({ actor, query }, deps: InsightsDeps) => {
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

// GET /api/insights/promotions?from=YYYY-MM-DD&to=YYYY-MM-DD[&supplier=ID]: each promotion of the brand that ran in the
// period (up to the history's last walk), its doors, new doors, units and revenue per door per week during it and in
// its doors' 8 weeks before, the lifts, the discount given and why it is too thin to tell: {asOf, from, to, rows:
// [{promotionId, name, from, to, running, inferred, doors, newDoors, unitsPerDoorPerWeek, baselineUnitsPerDoorPerWeek,
// unitsLift, revenuePerDoorPerWeek, baselineRevenuePerDoorPerWeek, revenueLift, promotedUnits, discount, thin}]}.
export const getPromotionLift = defineRoute(
  { ...INSIGHTS_KEYS, query: PromotionsQuery, invalid: "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD[&supplier=ID]." },
  async ({ actor, query }, deps: InsightsDeps) => {
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
