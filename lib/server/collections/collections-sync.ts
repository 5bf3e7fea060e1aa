import "server-only";
import type { Kysely } from "kysely";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import { resumableSync } from "../core/jobs/resumable-sync";
import { syncReader } from "../watch/paged-reads";
import {
  type CollectionsContext,
  type CollectionsState,
  collectionsStandings,
  loadCollectionsState,
  saveCollectionsState,
} from "./collections-state";
import { COLLECTIONS_TABLES, type CollectionsTables } from "./tables";
import { collectionsStep } from "./collections-walk";

export type { CollectionsState } from "./collections-state";

/**
 * An Employee key's collections snapshot, kept in Backroom's database and refreshed daily: the AR aging is
 * recalculated once a day, at its end, so the collections list is a daily call list, and reading it live would cost a
 * page view some 57 requests at the sandbox's scale 1 (5 % of the key's hour).
 *
 * - **A walk** reads every page (500 a page) of `/arAging`, `/customers` (every status), `/payments/openInvoices`,
 *   `/payments` and `/users?Roles=Customer&Active=true` (the stores' people), then `/invoices?InvoiceIDs=` for the accounts no open invoice names (400 ids a request), keeping each
 *   page as it comes (`collections_pages`); at its end the rows are computed by the pure model
 *   (`lib/domain/collections/collections.ts`) and replaced in one transaction, with the state.
 * - **Resumable**: where the walk stands (`collections_state`) is saved with each page, in one transaction, so a job
 *   that dies or waits for the key's budget goes on from there, and a page read twice is kept once. Every read is the
 *   background's (`background-reads.ts`, purpose `sync`: at most 7 % of the key's hour, nothing while people have
 *   under a fifth of it left, one a second at most, none before a 429's `Retry-After`).
 * - **Started** when the key is added (`keyAdded`, through the key store's listeners), else by the sweep or the page.
 * - **The run, its budget and the sweep** are the resumable sync's (`jobs/resumable-sync.ts`): this file composes its
 *   state (`collections-state.ts`), its start and its steps (`collections-walk.ts`, `collections-snapshot.ts`).
 * - **One aging**: a walk whose aging pages close on different days (the end of day came in the middle) reads the
 *   aging again from its first page.
 * - **The aging kept whole**: its rows are kept beside the accounts (`collections_aging`), so the AR aging
 *   page shows an Employee key's whole aging from the snapshot (`aging-view.ts`).
 */

export const COLLECTIONS_SYNC = "collections-sync";
export const COLLECTIONS_SWEEP = "collections-sweep";
/** Requests one run makes before it gives the queue back (queued again at once). */
const STEPS_PER_RUN = 25;

export interface CollectionsSyncJob {
  workspaceId: string;
  keyId: string;
}

export interface CollectionsSyncDeps {
  db: Kysely<BackroomDatabase>;
  jobs: JobQueue;
  keys: Pick<WorkspaceKeyStore, "open">;
  background: Background;
  now?: () => number;
}

/** A key's new walk (its first, or a refresh: the last snapshot stays shown until it ends), its pages deleted. */
async function beginWalk(ctx: CollectionsContext, keyId: string, state: CollectionsState | undefined) {
  const next: CollectionsState = {
    ...(state ?? { asOf: null, refreshedAt: null, requests: 0, updatedAt: "" }),
    phase: "walk",
    list: "aging",
    page: 1,
    pending: [],
    walkCloseDate: null,
    freshAging: false,
    startedAt: new Date(ctx.now()).toISOString(),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
    await saveCollectionsState(trx, ctx.now, keyId, next);
  });
}

/**
 * @example
 * const sync = createCollectionsSync({ db, jobs, keys, background });
 * jobs.work<CollectionsSyncJob>(COLLECTIONS_SYNC, (job) => sync.run(job.data));
 * await sync.start(workspaceId, keyId); // the first walk, or today's refresh
 */
export function createCollectionsSync(deps: CollectionsSyncDeps) {
  const db = deps.db.withTables<CollectionsTables>();
  const now = deps.now ?? Date.now;
  const ctx: CollectionsContext = { db, now };
  const load = (keyId: string): Promise<CollectionsState | undefined> => loadCollectionsState(db, keyId);

  /** Starts the key's walk (its first, or a refresh: the last snapshot stays shown until it ends); a walk under way goes on. */
  async function start(workspaceId: string, keyId: string): Promise<void> {
    const state = await load(keyId);
    if (state?.phase !== "walk") await beginWalk(ctx, keyId, state);
    await sync.queue({ workspaceId, keyId });
  }

  /** Deletes a key's snapshot (the key left its workspace). */
  async function forget(keyId: string): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (const table of COLLECTIONS_TABLES) await trx.deleteFrom(table).where("key_id", "=", keyId).execute();
    });
  }

  /** The walk as the resumable sync runs it (`jobs/resumable-sync.ts`): what is the collections' is its steps. */
  const sync = resumableSync<CollectionsState>(deps, {
    kind: COLLECTIONS_SYNC,
    name: "the collections'",
    reader: syncReader,
    now,
    stepsPerRun: STEPS_PER_RUN,
    walks: (key) => key.keyType === "Employee",
    load,
    walking: (state) => state.phase === "walk",
    step: (job, _key, state, read) => collectionsStep(ctx, job.keyId, state, read),
    forget,
    kept: () =>
      db.selectFrom("workspace_keys").select(["id", "workspace_id"]).where("key_type", "=", "Employee").execute(),
    standings: () => collectionsStandings(db),
    start,
  });

  return {
    start,

    /**
     * A key just added (the key store's listener): an Employee key's first walk starts now, rather than at the next
     * sweep or the first view of Collections. Nothing is read here: the job opens the key.
     *
     * @example
     * keys.onAdded((key) => collections.keyAdded(key.workspaceId, key.keyId, key.keyType));
     */
    async keyAdded(workspaceId: string, keyId: string, keyType: string): Promise<void> {
      if (keyType === "Employee" && !(await load(keyId))) await start(workspaceId, keyId);
    },

    /** The job: walks on from where the key's state stands, up to a few requests, then queues itself again. */
    run: sync.run,

    /**
     * The hourly sweep: an Employee key without a snapshot starts its first walk, one whose last walk ended over a day
     * ago its refresh, a walk whose job was lost (its state still for an hour) is queued again, and the snapshot of a
     * key no longer in any workspace (or no longer an Employee key) is deleted.
     */
    sweep: sync.sweep,

    /** Where a key's walk stands, for the page. */
    state: load,

    /** Deletes a key's snapshot (the key left its workspace). */
    forget,
  };
}

export type CollectionsSync = ReturnType<typeof createCollectionsSync>;
