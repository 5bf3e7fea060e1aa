import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import { validationErrorBody } from "@/lib/data-api/validation-errors";
import type { ActorResolver } from "../auth/actor";
import type { BackroomDatabase } from "../db/schema";
import { failureAnswer, NO_STORE } from "../route-errors";
import { withActor } from "../with-actor";
import { salesBy } from "./aggregate";
import { readHistory } from "./history-read";
import type { HistoryState } from "./history-sync";

/** What the insights' endpoints need from the backend. */
export interface InsightsDeps {
  actors: ActorResolver;
  db: Kysely<BackroomDatabase>;
}

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "a day as YYYY-MM-DD").refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), "a day that exists");

const SalesQuery = z
  .strictObject({
    from: Day,
    to: Day,
    by: z.enum(["product", "customer", "week", "rep"]),
    supplier: z.coerce.number().int().positive().optional(),
  })
  .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] });

/** A row's key as the API gives it: ids as numbers, a week's Monday as its day, "no rep" as null. */
const keyOf = (by: string, key: string) => (by === "week" ? key : key === "none" ? null : Number(key));

// GET /api/insights/sales?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|customer|week|rep[&supplier=ID]: the key's sales
// in the period, from its synced history only (no request to the API): {asOf, rows: [{key, name, units, revenue,
// invoices}]}; by=customer adds lastOrder, daysSince and tier. `asOf` is when the history was last walked.
export const getSales = withActor("key", undefined, async (request: Request, actor, deps: InsightsDeps): Promise<Response> => {
  if (actor.key.keyType !== "Supplier") return failureAnswer("no-insights");
  const parsed = SalesQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!parsed.success) return Response.json(validationErrorBody(parsed.error, "Ask as ?from=YYYY-MM-DD&to=YYYY-MM-DD&by=product|customer|week|rep."), { status: 400, headers: NO_STORE });
  const row = await deps.db.selectFrom("history_state").select("state_json").where("key_id", "=", actor.key.id).executeTakeFirst();
  const state = row ? (JSON.parse(row.state_json) as HistoryState) : undefined;
  if (!state?.backfilledAt) return failureAnswer("history-pending");
  const { from, to, by, supplier } = parsed.data;
  // The whole history (a year, some thousands of rows): a customer's last order may be older than the period.
  const history = await readHistory(deps.db, actor.key.id);
  const input = supplier === undefined ? history : { ...history, lines: history.lines.filter((l) => l.supplierId === supplier) };
  const rows = salesBy(by, input, { from, to }).map((r) => ({ ...r, key: keyOf(by, r.key) }));
  return Response.json({ asOf: state.refreshedAt ?? state.backfilledAt, rows }, { headers: NO_STORE });
});
