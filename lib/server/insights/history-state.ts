import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { SyncStanding } from "../core/jobs/resumable-sync";
import { HISTORY_WINDOW_DAYS } from "@/lib/domain/insights/backfill-estimate";
import type { HistoryDb, HistoryTables } from "./tables";

/** Days of one backfill window. */
export const WINDOW_DAYS = HISTORY_WINDOW_DAYS;
/** Days a nightly refresh reads again, as one window: statuses and revisions change. */
export const REFRESH_DAYS = 60;
/** How often a walk reads the products, states, customers and reps again (days). */
export const REFERENCE_DAYS = 7;
/** What the reference keeps now: 2, each product's state (migration 030). */
export const REFERENCE_VERSION = 2;
/** Invoice ids per `/invoiceTransactions` request: about 2.8 kB of query, well within a URL's length. */
export const LINE_BATCH = 400;
/** What a line keeps now: 2, with its `PromotionID` and `Discount` (for the promotion lift). */
export const LINES_VERSION = 2;
/** Customer ids per request of an Employee key's walk (about 3 kB of query). */
const CUSTOMER_BATCH = 400;

/** Where a key's history walk stands, kept as JSON in `history_state`. */
export interface HistoryState {
  /** The oldest day the backfill reaches (`YYYY-MM-DD`). */
  horizon: string;
  /** What the walk is doing: the first backfill, a refresh, or nothing until the next night. */
  phase: "backfill" | "refresh" | "idle";
  /**
   * The window walked now (inclusive days), the next invoice page of it, and for an Employee key which batch of its
   * customers (`CUSTOMER_BATCH` a request); page 0 once its invoices are read.
   */
  window?: { from: string; to: string; page: number; batch?: number };
  /**
   * An Employee key's scope, read at each walk's start: the sales reps its workspace's members are linked to and
   * their customers. An Employee key sees every invoice of the distributor; its history keeps those customers' only,
   * unless an owner or admin chose the whole distributor (`distributor`: every customer, `customerIds` empty).
   * Undefined for a Supplier key (its own scope is the API's).
   */
  scope?: HistoryScopeState;
  /** The window's invoice ids seen so far (to delete the ones no longer listed) and those whose lines are to read. */
  seen: number[];
  pendingLines: number[];
  backfilledAt?: string;
  refreshedAt?: string;
  /**
   * When the reference (products, states, customers, reps) was last read: before a backfill's first window, then
   * weekly at a walk's end; the shelf at every walk's end.
   */
  referencedAt?: string;
  /**
   * What the kept reference holds (`REFERENCE_VERSION`): absent, the products read before their state was kept
   * (migration 030). An older one is read again at the walk's next end, not a week later.
   */
  referenceVersion?: number;
  /**
   * What the kept lines hold (`LINES_VERSION`): absent, the lines read before their promotion and discount were kept
   * (migration 019). A history of an older version is read again whole at its next walk, the page showing the old
   * meanwhile.
   */
  linesVersion?: number;
  requests: number;
  /**
   * The walk under way, for its estimate (`backfill-estimate.ts`): the day it began (its first window ends on it), the
   * key's `requests` then, and when its current window began. Absent from a walk started before it was kept.
   */
  walk?: { day: string; requests: number; windowRequests: number };
  /** The walk's requests in the current clock hour (the share the syncs may read is counted by the hour). */
  hour?: { start: string; requests: number };
  /** When a walk put off goes on: the key's share of the hour spent, people first, or a 429's `Retry-After`. */
  resumesAt?: string;
}

/** What an Employee key's history covers, as the walk found it. */
export interface HistoryScopeState {
  /** The reps the workspace's members are linked to. */
  repUserIds: number[];
  /** Their customers (empty for the whole distributor: nothing to narrow to). */
  customerIds: number[];
  /** Every account's invoices: the owner's or an admin's choice (`workspace_keys.history_scope`). */
  distributor?: boolean;
}

/** What the history's steps share: the database (with the history's tables) and the clock. */
export interface HistoryContext {
  db: HistoryDb;
  now: () => number;
}

/** Every page of a list, read in turn (`path` already holds a query). */
export type ReadAll = <T>(path: string) => Promise<T[]>;

/** The day (`YYYY-MM-DD`, UTC) of an instant. */
export const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `days` after `date` (before it when negative). */
export const addDays = (date: string, days: number) => day(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);

/**
 * The `CustomerIDs` of each request of a walk: one unfiltered request for a Supplier key and for an Employee key's
 * whole distributor, batches of its linked reps' customers otherwise.
 *
 * @example
 * customerBatches({ ...state, scope: { repUserIds: [7], customerIds: [1, 2] } }); // ["1,2"]
 */
export function customerBatches(state: HistoryState): (string | undefined)[] {
  if (!state.scope || state.scope.distributor) return [undefined];
  const ids = state.scope.customerIds;
  const batches: string[] = [];
  for (let i = 0; i < ids.length; i += CUSTOMER_BATCH) batches.push(ids.slice(i, i + CUSTOMER_BATCH).join(","));
  return batches;
}

/**
 * A key's history state, if it has one.
 *
 * @example
 * const state = await loadHistoryState(db, keyId); // undefined before its first walk
 */
export async function loadHistoryState(
  coreDb: Kysely<BackroomDatabase>,
  keyId: string,
): Promise<HistoryState | undefined> {
  const db = coreDb.withTables<HistoryTables>();
  const row = await db.selectFrom("history_state").select("state_json").where("key_id", "=", keyId).executeTakeFirst();
  return row ? (JSON.parse(row.state_json) as HistoryState) : undefined;
}

/**
 * Saves a key's history state (after every request, so a walk goes on from there).
 *
 * @example
 * await saveHistoryState(ctx, keyId, state);
 */
export async function saveHistoryState(ctx: HistoryContext, keyId: string, state: HistoryState): Promise<void> {
  const values = { state_json: JSON.stringify(state), updated_at: new Date(ctx.now()).toISOString() };
  await ctx.db
    .insertInto("history_state")
    .values({ key_id: keyId, ...values })
    .onConflict((oc) => oc.column("key_id").doUpdateSet(values))
    .execute();
}

/**
 * Where every key's walk stands, as the sweep looks at it.
 *
 * @example
 * const standings = await historyStandings(db); // Map { keyId => { walking, movedAt, endedAt } }
 */
export async function historyStandings(coreDb: Kysely<BackroomDatabase>): Promise<Map<string, SyncStanding>> {
  const db = coreDb.withTables<HistoryTables>();
  const states = await db.selectFrom("history_state").select(["key_id", "state_json", "updated_at"]).execute();
  return new Map(
    states.map((row) => {
      const state = JSON.parse(row.state_json) as HistoryState;
      const endedAt = state.refreshedAt ? Date.parse(state.refreshedAt) : undefined;
      return [row.key_id, { walking: state.phase !== "idle", movedAt: Date.parse(row.updated_at), endedAt }];
    }),
  );
}
