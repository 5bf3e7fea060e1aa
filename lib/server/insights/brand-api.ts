import "server-only";
/**
 * Issue 41's endpoints for integrations and tests: a brand's distribution and velocity, and its stores' reorder
 * cadence, from the key's synced history alone (no request to the API), refused and answered as `getSales` is
 * (insights-api.ts): a Customer key has no insights, `HISTORY_PENDING` until the first backfill is in, one supplier at
 * a time from an Employee key's history of the whole distributor. Beside insights-api.ts so that each stays small.
 */
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import { failureAnswer, NO_STORE } from "../core/route-errors";
import { withActor } from "../core/with-actor";
import { addDays } from "@/lib/format/days";
import { customerZone, previousPeriod } from "@/lib/domain/insights/definitions";
import { distribution } from "@/lib/domain/insights/distribution";
import { cadence } from "@/lib/domain/insights/cadence";
import { promotionLift } from "@/lib/domain/insights/promotion-lift";
import { readHistory } from "./history-read";
import { Day, historyState, pending, type InsightsDeps } from "./insights-api";

const Supplier = z.coerce.number().int().positive().optional();

const DistributionQuery = z
  .strictObject({ from: Day, to: Day, by: z.enum(["product", "line"]), supplier: Supplier })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

const CadenceQuery = z.strictObject({ asOf: Day.optional(), supplier: Supplier });

const PromotionsQuery = z
  .strictObject({ from: Day, to: Day, supplier: Supplier })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

/** 400 SUPPLIER_REQUIRED, in words without `by=supplier` (these endpoints have none). */
const supplierRequired = () =>
  failureAnswer(
    "supplier-required",
    undefined,
    "This key's history holds the whole distributor's sales: name one supplier (&supplier=ID).",
  );

// GET /api/insights/distribution?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|line[&supplier=ID]: per product or product
// line (its group), the doors, new and lost doors against the period of the same length before, units per door per
// week and share of the brand's doors: {asOf, from, to, previous: {from, to}, rows: [{key, name, doors, newDoors,
// lostDoors, unitsPerDoorPerWeek, shareOfDoors}]}. `asOf` is when the history was last walked; keys are ProductIDs,
// or the line's name.
export const getDistribution = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: InsightsDeps): Promise<Response> => {
    if (actor.key.keyType === "Customer") return failureAnswer("no-insights");
    const parsed = DistributionQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(
        validationErrorBody(parsed.error, "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|line[&supplier=ID]."),
        { status: 400, headers: NO_STORE },
      );
    const state = await historyState(deps.db, actor.key.id);
    if (!state?.backfilledAt) return pending(actor.key, deps);
    const { from, to, by, supplier } = parsed.data;
    if (state.scope?.distributor && supplier === undefined) return supplierRequired();
    // The two periods' invoices, from a day before (an invoice's day is read on its customer's clock).
    const history = await readHistory(deps.db, actor.key.id, {
      supplier,
      from: addDays(previousPeriod({ from, to }).from, -1),
    });
    const { brandDoors: _brandDoors, ...result } = distribution(by, history, { from, to, zoneOf: customerZone });
    const rows = result.rows.map((r) => ({ ...r, key: by === "product" ? Number(r.key) : r.key }));
    return Response.json({ asOf: state.refreshedAt ?? state.backfilledAt, ...result, rows }, { headers: NO_STORE });
  },
);

// GET /api/insights/cadence[?asOf=YYYY-MM-DD][&supplier=ID]: each store's reorder cadence as of a day: {asOf, rows:
// [{customerId, name, orders, medianDays, daysSince, status, lastOrder, nextOrder}]}, late first. `asOf` defaults to
// the UTC day of the history's last walk, not today: orders after it are not known yet, and a store would look late
// for want of a sync.
export const getCadence = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: InsightsDeps): Promise<Response> => {
    if (actor.key.keyType === "Customer") return failureAnswer("no-insights");
    const parsed = CadenceQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(validationErrorBody(parsed.error, "Ask as ?asOf=YYYY-MM-DD[&supplier=ID], or without."), {
        status: 400,
        headers: NO_STORE,
      });
    const state = await historyState(deps.db, actor.key.id);
    if (!state?.backfilledAt) return pending(actor.key, deps);
    const { supplier } = parsed.data;
    if (state.scope?.distributor && supplier === undefined) return supplierRequired();
    // By default the UTC day of the history's last walk: what it knows of orders reaches no further.
    const asOf = parsed.data.asOf ?? (state.refreshedAt ?? state.backfilledAt).slice(0, 10);
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
    return Response.json({ asOf, rows }, { headers: NO_STORE });
  },
);

// GET /api/insights/promotions?from=YYYY-MM-DD&to=YYYY-MM-DD[&supplier=ID]: each promotion of the brand that ran in the
// period (up to the history's last walk), its doors, new doors, units and revenue per door per week during it and in
// its doors' 8 weeks before, the lifts, the discount given and why it is too thin to tell: {asOf, from, to, rows:
// [{promotionId, name, from, to, running, inferred, doors, newDoors, unitsPerDoorPerWeek, baselineUnitsPerDoorPerWeek,
// unitsLift, revenuePerDoorPerWeek, baselineRevenuePerDoorPerWeek, revenueLift, promotedUnits, discount, thin}]}.
export const getPromotionLift = withActor(
  "key",
  undefined,
  async (request: Request, actor, deps: InsightsDeps): Promise<Response> => {
    if (actor.key.keyType === "Customer") return failureAnswer("no-insights");
    const parsed = PromotionsQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success)
      return Response.json(validationErrorBody(parsed.error, "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD[&supplier=ID]."), {
        status: 400,
        headers: NO_STORE,
      });
    const state = await historyState(deps.db, actor.key.id);
    if (!state?.backfilledAt) return pending(actor.key, deps);
    const { from, to, supplier } = parsed.data;
    if (state.scope?.distributor && supplier === undefined) return supplierRequired();
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
    return Response.json({ asOf, from, to, rows }, { headers: NO_STORE });
  },
);
