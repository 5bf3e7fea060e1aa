import "server-only";
import * as z from "zod";
import { DAY_DEFAULTS, DAY_LIMITS } from "@/lib/domain/today/plan/day-budget";
import type { RepDaySettings } from "@/lib/domain/today/plan/plan-json";
import { recordOwner } from "../core/auth/demo-visitor";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute } from "../core/define-route";
import { invalidFieldAnswer } from "../core/route-errors";
import { RepDaySettingsAnswer } from "./answers";
import { postalPlace } from "./plan-places";
import type { TodayTables } from "./tables";
import type { TodayDeps } from "./today-api";

/**
 * A member's working day for the route plan, kept per record owner (the workspace, or a demo visitor: each browser of
 * the demo its own) and person: the start (geocoded as the stores are, without a network), the end, the day's length
 * and a visit's. A PUT replaces the whole, so a repeat (a double click) changes nothing.
 */

/** What a member has not set: no start (the phone's or the warehouse's), back to the start, 8 hours, 25 minutes. */
export const NO_DAY_SETTINGS: RepDaySettings = {
  start: null,
  endAtLastStop: false,
  dayMinutes: DAY_DEFAULTS.limitMinutes,
  visitMinutes: DAY_DEFAULTS.visitMinutes,
};

const minutes = (min: number, max: number, what: string) =>
  z
    .number()
    .int({ error: `${what}: whole minutes` })
    .min(min, { error: `${what}: ${min} to ${max} minutes` })
    .max(max, { error: `${what}: ${min} to ${max} minutes` });

const Body = z.strictObject({
  // Empty (or spaces) is no start of the member's own, as null is: a cleared field says so.
  start: z
    .string()
    .trim()
    .max(200, { error: "at most 200 characters" })
    .nullable()
    .transform((text) => text || null)
    .describe("Where the day starts: an address or a postal code; null (or empty): no start of the member's own."),
  endAtLastStop: z.boolean().describe("The day ends at the last stop (else back at the start)."),
  dayMinutes: minutes(DAY_LIMITS.hours.min * 60, DAY_LIMITS.hours.max * 60, "the day").describe(
    "The day's length in whole minutes.",
  ),
  visitMinutes: minutes(DAY_LIMITS.visitMinutes.min, DAY_LIMITS.visitMinutes.max, "a visit").describe(
    "A visit's length in whole minutes.",
  ),
});

type Db = Kysely<BackroomDatabase>;

/** Whose settings: the record owner and the person. */
function whose(actor: ActorOf["key"]) {
  return { owner: recordOwner(actor), userId: actor.person.id };
}

/**
 * A member's day settings, or the defaults where none are kept.
 *
 * @example
 * const day = await readDaySettings(deps.db, actor); // { start: null, endAtLastStop: false, dayMinutes: 480, visitMinutes: 25 }
 */
export async function readDaySettings(db: Db, actor: ActorOf["key"]): Promise<RepDaySettings> {
  const { owner, userId } = whose(actor);
  const row = await db
    .withTables<TodayTables>()
    .selectFrom("rep_day_settings")
    .selectAll()
    .where("owner", "=", owner)
    .where("user_id", "=", userId)
    .executeTakeFirst();
  if (!row) return NO_DAY_SETTINGS;
  return {
    start:
      row.start_text !== null && row.start_lat !== null && row.start_lon !== null
        ? { text: row.start_text, lat: row.start_lat, lon: row.start_lon }
        : null,
    endAtLastStop: row.end_at_last_stop === 1,
    dayMinutes: row.day_minutes,
    visitMinutes: row.visit_minutes,
  };
}

export const getDaySettings = defineRoute(
  {
    method: "GET",
    path: "/api/today/plan/settings",
    summary: "Reads the member's working day for the route plan.",
    description:
      "Kept per member (a demo visitor: their own). Where none is kept: no start, back to the start, 480 and 25 minutes.",
    answer: RepDaySettingsAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "the plan's settings",
  },
  async ({ actor }, deps: TodayDeps) => readDaySettings(deps.db, actor),
);

export const putDaySettings = defineRoute(
  {
    method: "PUT",
    path: "/api/today/plan/settings",
    summary: "Replaces the member's working day for the route plan.",
    description: [
      "Replaces the whole (a repeat changes nothing) and answers it as `GET` does. The start is found by its postal",
      "code or city, without a network: one the plan does not know is 400 `VALIDATION_FAILED` on `start`; minutes out",
      "of range or not whole, on `dayMinutes` or `visitMinutes` (nothing kept).",
    ].join("\n"),
    answer: RepDaySettingsAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "the plan's settings",
    body: Body,
    maxBodyBytes: 2048,
    invalid: "Send {start: an address or a postal code, or null (or empty); endAtLastStop; dayMinutes; visitMinutes}.",
  },
  async ({ actor, body }, deps: TodayDeps) => {
    const place = body.start === null ? undefined : postalPlace(body.start);
    if (body.start !== null && !place)
      return invalidFieldAnswer("start", "No postal code or city this plan knows: try a five-digit postal code.");
    const { owner, userId } = whose(actor);
    const values = {
      start_text: body.start,
      start_lat: place?.lat ?? null,
      start_lon: place?.lon ?? null,
      end_at_last_stop: body.endAtLastStop ? 1 : 0,
      day_minutes: body.dayMinutes,
      visit_minutes: body.visitMinutes,
      updated_at: new Date().toISOString(),
    };
    await deps.db
      .withTables<TodayTables>()
      .insertInto("rep_day_settings")
      .values({ owner, user_id: userId, ...values })
      .onConflict((oc) => oc.columns(["owner", "user_id"]).doUpdateSet(values))
      .execute();
    return readDaySettings(deps.db, actor);
  },
);
