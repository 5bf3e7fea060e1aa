import "server-only";
import * as z from "zod";
import type { Field } from "@/lib/data-api/fields";
import { Customer } from "@/lib/data-api/records/customers";
import { State } from "@/lib/data-api/records/directory";
import { ARAging, Invoice } from "@/lib/data-api/records/invoices";
import { OpenInvoice } from "@/lib/data-api/records/payments";
import { DISPUTE_REASONS } from "@/lib/domain/disputes/dispute";
import type { DisputeDigest } from "@/lib/domain/disputes/digest";
import { TIERS } from "@/lib/domain/insights/insights-tables";
import type { Point } from "@/lib/domain/today/plan/geo";
import type { PlanArea, PlanStop, RepDaySettings, TodayPlan, TodayPlanWeek } from "@/lib/domain/today/plan/plan-json";
import type { TodayHealth } from "@/lib/domain/today/today";
import { TODAY_CUSTOMER_FIELDS, type TodayData } from "@/lib/domain/today/today-data";
import { StaleNoteAnswer } from "../core/stale-answer";
import { CollectStopAnswer } from "../credit/answers";
import { ReorderRequestAnswer } from "../order-guide/answers";

/**
 * What Today's routes answer, as zod schemas for their specs (`/api/openapi.json`; every answer is checked by them
 * under test), each held to the type the code builds the answer as by `satisfies`: `GET /api/today`'s (`TodayData`:
 * the Data API's records as Today keeps them, sparse: each field as the Data API documents it, or null, or left out,
 * and Backroom's own sections), the plan's and the day settings'. Kept on the server: the types
 * (lib/domain/today/) are shared with the pages, which load no zod for them.
 */

type Sparse<F extends Record<string, Field>, K extends keyof F> = z.ZodObject<{
  [P in K]: z.ZodOptional<z.ZodNullable<F[P]["doc"]>>;
}>;

/** The fields `keys` of a Data API record, each as documented, null or left out. */
function sparse<F extends Record<string, Field>, const K extends keyof F & string>(
  record: { fields: F },
  keys: readonly K[],
): Sparse<F, K> {
  return z.object(
    Object.fromEntries(keys.map((k) => [k, record.fields[k]!.doc.nullable().optional()])),
  ) as unknown as Sparse<F, K>;
}

const TodayHealthAnswer = z.object({
  customerId: z.number(),
  tier: z.enum(TIERS),
  lastOrder: z.string().nullable(),
  daysSince: z.number().nullable(),
  medianReorderDays: z.number().nullable(),
  cadenceDays: z
    .number()
    .nullable()
    .optional()
    .describe("The median days between orders from three orders at least (the reorder cadence's)."),
}) satisfies z.ZodType<TodayHealth>;

const StaleAnswer = StaleNoteAnswer.describe(
  "The oldest last-known answer among the lists, when the proxy served one (the API spent or away).",
);

const DisputeDigestAnswer = z.object({
  id: z.string(),
  customerId: z.number(),
  customerName: z.string(),
  invoiceId: z.number(),
  invoiceNum: z.string(),
  status: z.enum(["open", "acknowledged", "resolved"]),
  reasons: z.array(z.enum(DISPUTE_REASONS)),
  amount: z.string().describe("The lines' amounts (cents)."),
  open: z.string().describe("What is still in dispute: the amount less what the ERP credited (cents)."),
  openedAt: z.string(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
}) satisfies z.ZodType<DisputeDigest>;

export const TodayDataAnswer = z.object({
  repId: z.number(),
  repName: z
    .string()
    .optional()
    .describe("The rep's name, as `/salesReps` has it; absent when the rep is not among the key's active reps."),
  accountIds: z.array(z.number()).describe("The rep's accounts (`/salesReps` Customers), sorted."),
  input: z
    .object({
      customerIds: z.array(z.number()),
      customers: z.array(sparse(Customer, TODAY_CUSTOMER_FIELDS)).describe("The fields of its records Today shows."),
      states: z
        .array(
          sparse(State, ["StateAbbreviation", "StateName", "OrderCutOffTime", "OrderCutOffDaysInAdvance", "TimeZone"]),
        )
        .describe("The states' order cut-offs."),
      aging: z
        .array(
          sparse(ARAging, [
            "ARAccountID",
            "CloseDate",
            "CurrentDue",
            "Due_1_30",
            "Due_31_60",
            "Due_61_90",
            "Due_91",
            "OpenCredit",
            "TotalBalanceOutstanding",
          ]),
        )
        .describe(
          "One AR aging row per AR account, its suppliers' rows added (accounts owing nothing left out); the aging's " +
            "close on the first.",
        ),
      openInvoices: z
        .array(sparse(OpenInvoice, ["InvoiceID", "CustomerID", "ARAccountID", "OpenBalance"]))
        .describe("One open invoice per AR account and store: which store an account is."),
      invoices: z
        .array(sparse(Invoice, ["InvoiceID", "CustomerID", "InvoiceNum", "Date", "Status", "InvoiceTotal"]))
        .describe("Each store's last order of the 90 days before `day` (returns aside)."),
      day: z.string().optional(),
    })
    .describe("What Today's model reads, compact."),
  health: z
    .array(TodayHealthAnswer)
    .optional()
    .describe("The accounts' health from the key's history, where it keeps one."),
  readAt: z.number().describe("When the lists were read (ms since the epoch)."),
  complete: z.boolean().describe("Whether every list was walked whole."),
  stale: StaleAnswer.optional(),
  reorders: z
    .array(ReorderRequestAnswer)
    .optional()
    .describe(
      "The open reorder requests of the rep's stores the person sees as their rep (as `GET " +
        "/api/order-guide/reorders?rep=&status=open` answers them), newest first; absent when they could not be read.",
    ),
  disputes: z
    .array(DisputeDigestAnswer)
    .optional()
    .describe("The disputes not resolved of the same stores, oldest first; absent when they could not be read."),
  collect: z
    .array(CollectStopAnswer)
    .optional()
    .describe(
      '"Collect before the drop": the deliveries today and tomorrow to accounts over 60 days or over their limit, ' +
        "with what to collect and what was already recorded, soonest first; absent when they could not be read.",
    ),
}) satisfies z.ZodType<TodayData>;

const PointAnswer = z.object({ lat: z.number(), lon: z.number() }) satisfies z.ZodType<Point>;

export const RepDaySettingsAnswer = z.object({
  start: z
    .object({ text: z.string(), lat: z.number(), lon: z.number() })
    .nullable()
    .describe("Where the day starts: the address or postal code as typed, and the point it was found at; null: none."),
  endAtLastStop: z.boolean().describe("The day ends at the last stop (else back at the start)."),
  dayMinutes: z.number().describe("The day's length, minutes."),
  visitMinutes: z.number().describe("A visit's length, minutes."),
}) satisfies z.ZodType<RepDaySettings>;

const PlanStopAnswer = z.object({
  customerId: z.number(),
  name: z.string(),
  address: z.string(),
  reasons: z
    .array(z.string())
    .describe('Why it is worth a visit today, heaviest first ("Delivery today", "$1,200.00 over 60 days", …).'),
  score: z.number(),
  added: z.boolean().describe("Whether the rep added it (it was not among the proposed)."),
  lat: z.number(),
  lon: z.number(),
  placedBy: z
    .enum(["visit", "postal-code", "postal-prefix", "city"])
    .describe(
      "What placed it: where its visits were tapped, its postal code, the code's first three digits, or its city.",
    ),
  legKm: z
    .number()
    .describe("From the start (or the stop before), km to a tenth; 0 for the first stop when the route starts there."),
}) satisfies z.ZodType<PlanStop>;

const PlanAreaAnswer = z.object({
  weekday: z.number().describe("ISO weekday, 1 = Monday .. 5 = Friday."),
  name: z.string().describe('Its one or two commonest towns ("Oakland, Berkeley").'),
  centre: PointAnswer.nullable(),
  accounts: z.number().describe("How many of the rep's accounts are in it."),
  hull: z
    .array(PointAnswer)
    .describe("The outline of its accounts' places, counter-clockwise (fewer than three points for a tiny area)."),
}) satisfies z.ZodType<PlanArea>;

export const TodayPlanAnswer = z.object({
  repId: z.number(),
  repName: z.string().optional().describe("Absent when the rep is not among the key's active reps."),
  date: z.string().describe("The rep's day, YYYY-MM-DD."),
  notVisitedDays: z.number().describe('How many days without a visit make "not visited" a reason.'),
  start: z
    .object({
      lat: z.number(),
      lon: z.number(),
      source: z.enum(["device", "member", "warehouse", "first-stop"]),
      label: z.string().optional(),
    })
    .optional()
    .describe(
      "Where the day starts: the phone (when sent), else the member's start (`label` as they typed it), else the " +
        "warehouse most of the rep's accounts are served from (`label` its name), else the first stop; none without any.",
    ),
  end: z
    .object({ lat: z.number(), lon: z.number(), kind: z.enum(["start", "last-stop"]), legKm: z.number() })
    .optional()
    .describe("Where the day ends: back at the start, or at the last stop (`legKm` the drive back from it, 0 there)."),
  stops: z.array(PlanStopAnswer).describe("In driving order."),
  totalKm: z
    .number()
    .describe(
      "The sum of the legs, the way back too, in km to a tenth (straight lines between the stores, not roads).",
    ),
  day: z
    .object({
      driveKm: z.number(),
      driveMinutes: z.number(),
      visitMinutes: z.number(),
      totalMinutes: z.number(),
      limitMinutes: z.number(),
      detourFactor: z.number(),
      speedKmh: z.number(),
    })
    .describe(
      "The day's time: the drive (`driveKm` × `detourFactor` at `speedKmh`, in whole minutes), the visits, their sum, " +
        "and the member's day; the stops are chosen to fit it.",
    ),
  area: PlanAreaAnswer.nullable().describe(
    "The day's area of the week; null on a Saturday or Sunday, planned by its budget alone from all the accounts.",
  ),
  notToday: z
    .array(
      z.object({
        customerId: z.number(),
        name: z.string(),
        reasons: z.array(z.string()),
        km: z.number().nullable().describe("From the start, to a tenth; null when not placed."),
        plannedOn: z
          .string()
          .nullable()
          .describe(
            "The next day after `date` its area is planned (YYYY-MM-DD; a week on for the day's own area); null with no place.",
          ),
      }),
    )
    .describe("The accounts with reasons the day did not hold, the heaviest first."),
  unplaced: z
    .array(z.object({ customerId: z.number(), name: z.string(), reason: z.string() }))
    .describe("Chosen accounts the plan could not place (no postal code or city it knows): listed apart, not routed."),
  directionsUrl: z
    .string()
    .optional()
    .describe("Google Maps directions for the whole route (the first of `directions.google`)."),
  directions: z.object({ google: z.array(z.string()), apple: z.string().optional() }),
  candidates: z
    .array(z.object({ customerId: z.number(), name: z.string(), reasons: z.array(z.string()), score: z.number() }))
    .describe('The next accounts worth a visit, not in the plan: what "Add" offers (20 at most).'),
  accounts: z.number().describe("The rep's active accounts."),
  readAt: z.number().describe("When Today's lists were read (ms since the epoch)."),
}) satisfies z.ZodType<TodayPlan>;

export const TodayPlanWeekAnswer = z.object({
  repId: z.number(),
  repName: z.string().optional(),
  monday: z.string().describe("The week's Monday, YYYY-MM-DD."),
  days: z.array(TodayPlanAnswer).describe("Monday to Friday, each planned from its area."),
}) satisfies z.ZodType<TodayPlanWeek>;
