import "server-only";
import type { Kysely } from "kysely";
import * as z from "zod";
import type { DataApiClient } from "@/lib/data-api/client";
import { readTodayData, type TodayData } from "@/lib/domain/today/today-data";
import type { BackroomDatabase } from "../core/db/schema";
import { type ActorOf, defineRoute, type RouteDeps } from "../core/define-route";
import { requestApi } from "../core/page-api";
import type { ProxyDeps } from "../core/proxy";
import { repStores, sharedPlace } from "../core/parties";
import { type CreditReads, collectStops } from "../collections/collect-today";
import { storeDisputes } from "../disputes/digest";
import { accountsHealth } from "../insights/rep-health";
import { reorderRequests } from "../order-guide/shared-api";
import { TodayDataAnswer } from "./answers";

export interface TodayDeps extends ProxyDeps, RouteDeps {
  db: Kysely<BackroomDatabase>;
  now?: () => number;
  /** The credit feature's services (`lib/server/credit/`): the limits and open lists Today's collections read. */
  credit?: CreditReads;
}

/**
 * A rep's Today as one compact answer (`TodayData`), read through the proxy as the person, with the accounts' health
 * from the key's history where it keeps one and, for `asker`, the open reorder requests of the rep's stores they see
 * (`reorderRequests`) and their disputes not resolved (`repDisputes`): what Today's page renders first, what
 * `GET /api/today` answers, and what "Save for offline" keeps.
 *
 * @example
 * const data = await loadToday(api, db, keyId, 1008, "2026-11-25", { asker: actor });
 */
export async function loadToday(
  api: DataApiClient,
  db: Kysely<BackroomDatabase>,
  keyId: string,
  repId: number,
  day: string,
  {
    asker,
    now,
    credit,
    ...options
  }: Parameters<typeof readTodayData>[3] & {
    asker?: ActorOf["key"];
    now?: () => number;
    /** The credit feature's limits and open lists (`deps.credit`), for "Collect before the drop". */
    credit?: CreditReads;
  } = {},
): Promise<TodayData> {
  const [data, reorders, disputes] = await Promise.all([
    readTodayData(api, repId, day, options),
    // Backroom's own records: Today stands without them (the section says they could not be read).
    asker
      ? reorderRequests(api, asker, { db, now }, { rep: repId, status: "open" }, options.signal).catch(() => undefined)
      : undefined,
    asker ? repDisputes(api, db, asker, repId, options.signal).catch(() => undefined) : undefined,
  ]);
  const [health, collect] = await Promise.all([
    data.accountIds.length ? accountsHealth(db, keyId, data.accountIds) : undefined,
    // Backroom's own records and limits: Today stands without them (the section says they could not be read).
    asker
      ? collectStops(db, sharedPlace(asker), data, credit, now?.() ?? Date.now(), day).catch(() => undefined)
      : undefined,
  ]);
  return {
    ...data,
    ...(health ? { health } : {}),
    ...(reorders ? { reorders } : {}),
    ...(disputes ? { disputes } : {}),
    ...(collect ? { collect } : {}),
  };
}

/**
 * The disputes not resolved of a rep's stores the asker sees as their rep (`repStores`: the member's own rep, or any
 * for owners and admins), oldest first: Today's "Disputes". `/salesReps` is read once for both this and the reorder
 * requests (the proxy's copy answers the second).
 */
export async function repDisputes(
  api: DataApiClient,
  db: Kysely<BackroomDatabase>,
  asker: ActorOf["key"],
  repId: number,
  signal?: AbortSignal,
) {
  const reach = await repStores(api, asker, repId, signal);
  // A rep is always asked for here, so "every" does not come back; were it to, no store is listed rather than all.
  return storeDisputes(db, sharedPlace(asker), reach.customerIds === "every" ? [] : reach.customerIds);
}

const Query = z.strictObject({
  rep: z.coerce
    .number()
    .int()
    .positive({ error: "rep: a sales rep's UserID (a positive whole number)" })
    .describe("The sales rep's UserID."),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "day: the viewer's day, YYYY-MM-DD" })
    .describe(
      "The viewer's day (YYYY-MM-DD): its week is the reorders', and the last orders are of the 90 days before it.",
    ),
});

export const getToday = defineRoute(
  {
    method: "GET",
    path: "/api/today",
    summary: "Reads a rep's Today as one compact answer.",
    description: [
      "What Today's page renders first and what **Save for offline** keeps: the rep's accounts (their records' fields",
      "Today shows), the states' cut-offs, one AR aging row per AR account, one open invoice per account and store,",
      "each store's last order of the 90 days before `day`, and the accounts' health from the key's history where it",
      "keeps one; read through the proxy with the session's key (11 requests for the demo rep's 254 accounts). Beside",
      "them Backroom's own records, each absent when it could not be read: the open reorder requests and the disputes",
      "not resolved of the rep's stores the person sees as their rep, and the deliveries to collect at.",
    ].join("\n"),
    answer: TodayDataAnswer,
    need: "key",
    keyTypes: ["Employee"],
    what: "Today",
    query: Query,
    invalid: "Ask as ?rep={UserID}&day=YYYY-MM-DD.",
  },
  async ({ request, actor, query }, deps: TodayDeps) =>
    loadToday(requestApi(request, deps), deps.db, actor.key.id, query.rep, query.day, {
      signal: request.signal,
      asker: actor,
      now: deps.now,
      credit: deps.credit,
    }),
);
