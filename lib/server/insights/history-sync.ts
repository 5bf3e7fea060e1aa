import "server-only";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import type { JobQueue } from "../core/jobs/job-queue";
import { resumableSync } from "../core/jobs/resumable-sync";
import { syncReader } from "../watch/paged-reads";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { HistoryScope } from "@/lib/session/session-view";
import { type BackfillEstimate, backfillEstimate } from "@/lib/domain/insights/backfill-estimate";
import { forgetHistory } from "./tables";
import { historyScopeOf, keepsHistory, keptKey, keysKeepingHistory } from "./history-scope";
import {
  day,
  type HistoryContext,
  type HistoryState,
  historyStandings,
  loadHistoryState,
  saveHistoryState,
} from "./history-state";
import { beginWalk, walkStep } from "./history-walk";

export { type HistoryState, WINDOW_DAYS } from "./history-state";
import type { HistoryDb, HistoryTables } from "./tables";

/**
 * A workspace key's history, kept in Backroom's database: its invoices of every status but Canceled
 * (`Statuses=1,2,3,4,5,7`, said explicitly: the API's default is New only) and their lines, for the key's scope.
 *
 * - **Backfill**, newest first: what the pages name and group by (products, retailers, reps, promotions), then windows
 *   of `WINDOW_DAYS` from today back to `historyDays` ago, then the retailers' stock. A window is its invoice pages (500
 *   a page), then its invoices' lines, `LINE_BATCH` invoices a request (500 lines a page). The page shows the days
 *   read whole so far (`history-coverage.ts` in the insights' domain) from the first window on.
 * - **Refresh** (nightly): the last `REFRESH_DAYS` again, as one window: statuses and revisions change. Invoices of the
 *   window the API no longer lists (canceled) are deleted; an invoice's lines are replaced whole.
 * - **Resumable**: where the walk stands (`history_state`) is saved after every request, so a job that dies, or waits
 *   for the key's budget, goes on from there. Every read is the background's (`background-reads.ts`): of the key's
 *   hour at most `SYNC_SHARE`, nothing while people have under a fifth left, one a second at most, none before a 429's
 *   `Retry-After`. Within those, the windows follow each other at once: each run makes some `RUN_REQUESTS` and queues
 *   the next at once; it waits only when the budget says so (`resumesAt`), which the page's estimate counts in.
 * - **Started** when the key is added (`keyAdded`, through the key store's listeners), else by the sweep or the page.
 * - **The run, its budget and the sweep** are the resumable sync's (`jobs/resumable-sync.ts`): this file composes its
 *   state (`history-state.ts`), its start and its steps (`history-walk.ts`).
 */

export const HISTORY_SYNC = "history-sync";
export const HISTORY_SWEEP = "history-sweep";
/** Steps one run takes at most before it gives the queue back (queued again at once). */
const STEPS_PER_RUN = 25;
/**
 * Requests after which a run gives the queue back (queued again at once): at one a second, about half a minute of one
 * of the queue's slots, well within a job's lease. A step is not cut: a window's line batch reads all its pages.
 */
const RUN_REQUESTS = 30;

export interface HistorySyncJob {
  workspaceId: string;
  keyId: string;
}

export interface HistorySyncDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  /** HISTORY_DAYS: how far back the backfill reaches (default 365). */
  historyDays?: number;
  now?: () => number;
}

/** Whether the walk is over (a function: the steps change the state under TypeScript's narrowing). */
const idle = (state: HistoryState) => state.phase === "idle";

/** The walk's requests in the current clock hour (the syncs' share is counted by the hour). */
function countHour(state: HistoryState, now: number) {
  const hour = new Date(Math.floor(now / 3_600_000) * 3_600_000).toISOString();
  state.hour =
    state.hour?.start === hour ? { start: hour, requests: state.hour.requests + 1 } : { start: hour, requests: 1 };
}

/** When a key's first backfill expects to be done, at the pace its syncs read at; undefined when none is under way. */
async function estimateOf(
  ctx: HistoryContext,
  background: Background,
  keyId: string,
): Promise<BackfillEstimate | undefined> {
  const state = await loadHistoryState(ctx.db, keyId);
  const key = await ctx.db
    .selectFrom("workspace_keys")
    .select("fingerprint")
    .where("id", "=", keyId)
    .executeTakeFirst();
  if (state?.phase !== "backfill" || !key) return undefined;
  return backfillEstimate(state, await background.syncPace(key.fingerprint), ctx.now());
}

/**
 * An owner's or admin's choice of an Employee key's scope, saved with its history deleted; answers the key's row when
 * it changed (for the new walk's start), undefined when nothing did.
 */
async function changeScope(db: HistoryDb, workspaceId: string, keyId: string, scope: HistoryScope) {
  const key = await db
    .selectFrom("workspace_keys")
    .select(["workspace_id", "key_type", "history_scope"])
    .where("id", "=", keyId)
    .where("workspace_id", "=", workspaceId)
    .executeTakeFirst();
  if (!key || key.key_type !== "Employee" || (await historyScopeOf(db, keyId)) === scope) return undefined;
  await db.updateTable("workspace_keys").set({ history_scope: scope }).where("id", "=", keyId).execute();
  await forgetHistory(db, keyId);
  return { ...key, history_scope: scope };
}

/**
 * @example
 * const sync = createHistorySync({ db, jobs, keys, background });
 * jobs.work<HistorySyncJob>(HISTORY_SYNC, (job) => sync.run(job.data));
 * await sync.start(workspaceId, keyId); // the first backfill, or tonight's refresh
 */
export function createHistorySync(deps: HistorySyncDeps) {
  const now = deps.now ?? Date.now;
  const historyDays = deps.historyDays ?? 365;
  const ctx: HistoryContext = { db: deps.db.withTables<HistoryTables>(), now };
  const load = (keyId: string) => loadHistoryState(deps.db, keyId);
  const forget = (keyId: string) => forgetHistory(deps.db, keyId);

  /** Starts the key's walk: the first backfill, or a refresh of the last `REFRESH_DAYS` once it has one. */
  async function start(workspaceId: string, keyId: string): Promise<void> {
    const today = day(now());
    const state = await load(keyId);
    if (!state || state.phase === "idle") await saveHistoryState(ctx, keyId, beginWalk(state, today, historyDays));
    await sync.queue({ workspaceId, keyId });
  }

  /** The walk as the resumable sync runs it (`jobs/resumable-sync.ts`): what is the history's is its steps. */
  const sync = resumableSync<HistoryState>(deps, {
    kind: HISTORY_SYNC,
    name: "the history's",
    reader: syncReader,
    now,
    stepsPerRun: STEPS_PER_RUN,
    requestsPerRun: RUN_REQUESTS,
    load,
    walking: (state) => !idle(state) && state.window !== undefined,
    step: (job, key, state, read) => walkStep(ctx, job, key, state, read),
    counted: (state) => countHour(state, now()),
    resumed: (state) => void (state.resumesAt = undefined),
    // The state says when the walk goes on (the page's estimate counts the wait in).
    async putOff(job, state, seconds) {
      state.resumesAt = new Date(now() + seconds * 1000).toISOString();
      await saveHistoryState(ctx, job.keyId, state);
    },
    forget,
    kept: () => keysKeepingHistory(deps.db),
    standings: () => historyStandings(deps.db),
    start,
  });

  return {
    start,

    /**
     * A key just added (the key store's listener): its first backfill starts now when it keeps a history (`keepsHistory`: a
     * Supplier key; an Employee key whose workspace links a member to a rep), rather than at the next sweep or the
     * first view of Insights. Nothing is read here: the job opens the key.
     *
     * @example
     * keys.onAdded((key) => history.keyAdded(key.workspaceId, key.keyId));
     */
    async keyAdded(workspaceId: string, keyId: string): Promise<void> {
      if ((await keptKey(deps.db, keyId)) && !(await load(keyId))) await start(workspaceId, keyId);
    },

    /** The job: walks on from where the key's state stands, some requests, then queues itself again at once. */
    run: sync.run,

    /**
     * The hourly sweep: a key without a history starts its backfill (one added before the key store told of it, or an
     * Employee key whose workspace has since linked a member to a rep), one whose last walk ended over a day ago its
     * refresh (so each key is refreshed daily, at about the hour its backfill ended), a walk whose job was lost (its
     * state still for an hour) is queued again, and the history of a key no longer in any workspace, or no longer
     * keeping one (`keepsHistory`), is deleted.
     */
    sweep: sync.sweep,

    /** Where a key's history stands, for the page ("History up to …"). */
    state: load,

    /**
     * When a key's first backfill expects to be done (`backfill-estimate.ts`), at the pace its syncs read at; undefined
     * when no backfill is under way.
     *
     * @example
     * const estimate = await history.estimate(keyId); // { windows: 7, windowsRead: 3, secondsLeft: 1150 }
     */
    estimate: (keyId: string): Promise<BackfillEstimate | undefined> => estimateOf(ctx, deps.background, keyId),

    /** What an Employee key's history covers (`linked-reps` until an owner or admin chose otherwise). */
    scope: (keyId: string): Promise<HistoryScope> => historyScopeOf(deps.db, keyId),

    /**
     * An owner's or admin's choice of what an Employee key's history covers. A change deletes what the history held
     * (the whole distributor's is a new backfill; the linked reps' a smaller one) and starts the new walk when the key
     * keeps one. Answers whether anything changed.
     *
     * @example
     * await sync.setScope(workspaceId, keyId, "distributor"); // true: the distributor's year is backfilled from now on
     */
    async setScope(workspaceId: string, keyId: string, scope: HistoryScope): Promise<boolean> {
      const key = await changeScope(ctx.db, workspaceId, keyId, scope);
      if (!key) return false;
      if (await keepsHistory(deps.db, key)) await start(workspaceId, keyId);
      return true;
    },

    /** Deletes a key's history (the key was removed from its workspace). */
    forget,
  };
}

export type HistorySync = ReturnType<typeof createHistorySync>;
