import "server-only";
import type { Kysely, Transaction } from "kysely";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import type { Background } from "../core/background/background-reads";
import type { BackroomDatabase } from "../core/db/schema";
import type { JobQueue } from "../core/jobs/job-queue";
import { resumableSync } from "../core/jobs/resumable-sync";
import { syncReader } from "../watch/paged-reads";
import {
  agingCloseDay,
  type CollectionRow,
  collectionRows,
  invoicesToName,
} from "@/lib/domain/collections/collections";
import { type CollectionsInput, entryOf, type ListName } from "@/lib/domain/collections/collections-input";
import { COLLECTIONS_TABLES } from "./collections-tables";

/**
 * An Employee key's collections snapshot (issue 31), kept in Backroom's database and refreshed daily: the AR aging is
 * recalculated once a day, at its end, so the collections list is a daily call list, and reading it live would cost a
 * page view some 54 requests at the sandbox's scale 1 (5 % of the key's hour).
 *
 * - **A walk** reads every page (500 a page) of `/arAging`, `/customers` (every status), `/payments/openInvoices` and
 *   `/payments`, then `/invoices?InvoiceIDs=` for the accounts no open invoice names (400 ids a request), keeping each
 *   page as it comes (`collections_pages`); at its end the rows are computed by the pure model
 *   (`lib/domain/collections/collections.ts`) and replaced in one transaction, with the state.
 * - **Resumable**: where the walk stands (`collections_state`) is saved with each page, in one transaction, so a job
 *   that dies or waits for the key's budget goes on from there, and a page read twice is kept once. Every read is the
 *   background's (`background-reads.ts`, purpose `sync`: at most 7 % of the key's hour, nothing while people have
 *   under a fifth of it left, one a second at most, none before a 429's `Retry-After`).
 * - **Started** when the key is added (`keyAdded`, through the key store's listeners), else by the sweep or the page.
 * - **The run, its budget and the sweep** are the resumable sync's (`jobs/resumable-sync.ts`): this file gives its
 *   state, its start and its steps.
 * - **One aging**: a walk whose aging pages close on different days (the end of day came in the middle) reads the
 *   aging again from its first page.
 * - **The aging kept whole** (issue 37): its rows are kept beside the accounts (`collections_aging`), so the AR aging
 *   page shows an Employee key's whole aging from the snapshot (`aging-view.ts`).
 */

export const COLLECTIONS_SYNC = "collections-sync";
export const COLLECTIONS_SWEEP = "collections-sweep";
/** Rows a page of the API holds at most. */
const PAGE_SIZE = 500;
/** Invoice ids per `/invoices` request: about 2.8 kB of query, as the history's line batches. */
const INVOICE_BATCH = 400;
/** Requests one run makes before it gives the queue back (queued again at once). */
const STEPS_PER_RUN = 25;
/** Every status but Canceled (the API's default is New only). */
const STATUSES = "1,2,3,4,5,7";

/** The lists a walk reads whole, in order; then the invoices by id. */
const LISTS = [
  { list: "aging", path: "/arAging" },
  { list: "customers", path: "/customers?AccountStatuses=Active,Inactive,OutOfBus" },
  { list: "openInvoices", path: "/payments/openInvoices" },
  { list: "payments", path: "/payments" },
] as const satisfies readonly { list: ListName; path: string }[];

/** Where a key's walk stands and what its snapshot is. */
export interface CollectionsState {
  phase: "walk" | "idle";
  /** The list read next, and its page (for invoices, the batch); null when idle. */
  list: ListName | null;
  page: number;
  /** Invoice ids still to read by id. */
  pending: number[];
  /** The aging's close day as the walk's first aging page gave it. */
  walkCloseDate: string | null;
  /** The aging's pages are read past the proxy's copy (`Cache-Control: no-cache`): set when they closed on different days. */
  freshAging: boolean;
  /** The snapshot's aging close day (YYYY-MM-DD), once a walk has ended. */
  asOf: string | null;
  startedAt: string | null;
  refreshedAt: string | null;
  /** Requests of every walk of the key. */
  requests: number;
  updatedAt: string;
}

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

type Db = Kysely<BackroomDatabase> | Transaction<BackroomDatabase>;

/** A computed row as `collections_accounts` keeps it. */
function accountRow(keyId: string, r: CollectionRow) {
  return {
    key_id: keyId,
    ar_account_id: r.arAccountId,
    name: r.name,
    customer_ids_json: JSON.stringify(r.customerIds),
    customer_names_json: JSON.stringify(r.customerNames),
    state: r.state,
    on_hold: r.onHold ? 1 : 0,
    account_status: r.accountStatus,
    agent_name: r.agentName,
    agent_email: r.agentEmail,
    sales_rep: r.salesRep,
    suppliers: r.suppliers,
    current_due: r.current,
    due_1_30: r.due1to30,
    due_31_60: r.due31to60,
    due_61_90: r.due61to90,
    due_91: r.due91,
    over_30: r.over30,
    over_60: r.over60,
    over_90: r.over90,
    open_credit: r.openCredit,
    unapplied: r.unapplied,
    total: r.total,
    last_payment: r.lastPayment,
    days_since: r.daysSince,
  };
}

/**
 * @example
 * const sync = createCollectionsSync({ db, jobs, keys, background });
 * jobs.work<CollectionsSyncJob>(COLLECTIONS_SYNC, (job) => sync.run(job.data));
 * await sync.start(workspaceId, keyId); // the first walk, or today's refresh
 */
export function createCollectionsSync(deps: CollectionsSyncDeps) {
  const { db } = deps;
  const now = deps.now ?? Date.now;

  async function load(keyId: string): Promise<CollectionsState | undefined> {
    const row = await db.selectFrom("collections_state").selectAll().where("key_id", "=", keyId).executeTakeFirst();
    if (!row) return undefined;
    return {
      phase: row.phase === "walk" ? "walk" : "idle",
      list: row.list as ListName | null,
      page: row.page,
      pending: JSON.parse(row.pending_json) as number[],
      walkCloseDate: row.walk_close_date,
      freshAging: row.fresh_aging === 1,
      asOf: row.as_of,
      startedAt: row.started_at,
      refreshedAt: row.refreshed_at,
      requests: row.requests,
      updatedAt: row.updated_at,
    };
  }

  async function save(trx: Db, keyId: string, state: CollectionsState) {
    state.updatedAt = new Date(now()).toISOString();
    const values = {
      phase: state.phase,
      list: state.list,
      page: state.page,
      pending_json: JSON.stringify(state.pending),
      walk_close_date: state.walkCloseDate,
      fresh_aging: state.freshAging ? 1 : 0,
      as_of: state.asOf,
      started_at: state.startedAt,
      refreshed_at: state.refreshedAt,
      requests: state.requests,
      updated_at: state.updatedAt,
    };
    await trx
      .insertInto("collections_state")
      .values({ key_id: keyId, ...values })
      .onConflict((oc) => oc.column("key_id").doUpdateSet(values))
      .execute();
  }

  /** A page of a list, kept (read again: replaced), with the state that moves past it, in one transaction. */
  async function keep(keyId: string, list: ListName, page: number, entries: unknown[], state: CollectionsState) {
    await db.transaction().execute(async (trx) => {
      const values = { key_id: keyId, list, page, records_json: JSON.stringify(entries) };
      await trx
        .insertInto("collections_pages")
        .values(values)
        .onConflict((oc) => oc.columns(["key_id", "list", "page"]).doUpdateSet({ records_json: values.records_json }))
        .execute();
      await save(trx, keyId, state);
    });
  }

  /** The lists kept so far, as the pure model reads them. */
  async function kept(keyId: string, lists: readonly ListName[]): Promise<CollectionsInput> {
    const input: CollectionsInput = { aging: [], customers: [], openInvoices: [], payments: [], invoices: [] };
    const rows = await db
      .selectFrom("collections_pages")
      .select(["list", "records_json"])
      .where("key_id", "=", keyId)
      .where("list", "in", lists)
      .orderBy("list")
      .orderBy("page")
      .execute();
    for (const row of rows)
      (input[row.list as ListName] as unknown[]).push(...(JSON.parse(row.records_json) as unknown[]));
    return input;
  }

  /** One step of a walk: a page of the list it stands at, or the walk's end. */
  async function step(
    keyId: string,
    state: CollectionsState,
    read: (path: string, headers?: Record<string, string>) => Promise<unknown[]>,
  ) {
    const list = state.list!;
    if (list === "invoices") {
      if (state.pending.length === 0) return finish(keyId, state);
      const ids = state.pending.slice(0, INVOICE_BATCH);
      const records = await read(
        `/invoices?${new URLSearchParams({ InvoiceIDs: ids.join(","), Statuses: STATUSES, PageSize: String(PAGE_SIZE) })}`,
      );
      const page = state.page;
      state.pending = state.pending.slice(ids.length);
      state.page++;
      return keep(
        keyId,
        "invoices",
        page,
        records.flatMap((r) => entryOf("invoices", r) ?? []),
        state,
      );
    }
    const at = LISTS.findIndex((l) => l.list === list);
    const path = LISTS[at]!.path;
    const fresh = list === "aging" && state.freshAging ? { "Cache-Control": "no-cache" } : undefined;
    const records = await read(
      `${path}${path.includes("?") ? "&" : "?"}${new URLSearchParams({ PageSize: String(PAGE_SIZE), Page: String(state.page) })}`,
      fresh,
    );
    const entries = records.flatMap((r) => entryOf(list, r) ?? []);
    const page = state.page;
    if (list === "aging") {
      const close = agingCloseDay(entries as CollectionsInput["aging"]) ?? null;
      if (state.walkCloseDate && close && close !== state.walkCloseDate) {
        // The aging was recalculated between its pages: read it again from its first page, as of one close, past the
        // proxy's copies (kept until the next UTC midnight, they would hold the earlier close).
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
          Object.assign(state, { page: 1, walkCloseDate: null, freshAging: true });
          await save(trx, keyId, state);
        });
        return;
      }
      state.walkCloseDate ??= close;
    }
    if (records.length === PAGE_SIZE) state.page++;
    else if (at + 1 < LISTS.length) Object.assign(state, { list: LISTS[at + 1]!.list, page: 1 });
    else {
      const input = await kept(keyId, ["aging", "openInvoices"]);
      Object.assign(state, {
        list: "invoices",
        page: 1,
        pending: [...invoicesToName(input.aging, input.openInvoices).keys()].sort((a, b) => a - b),
      });
    }
    await keep(keyId, list, page, entries, state);
  }

  /** The walk's end: the rows computed from the kept lists and replaced, the pages deleted, the state idle, at once. */
  async function finish(keyId: string, state: CollectionsState) {
    const input = await kept(keyId, ["aging", "customers", "openInvoices", "payments", "invoices"]);
    const rows = collectionRows(input);
    const at = new Date(now()).toISOString();
    Object.assign(state, {
      phase: "idle",
      list: null,
      page: 0,
      pending: [],
      walkCloseDate: null,
      freshAging: false,
      asOf: agingCloseDay(input.aging) ?? at.slice(0, 10),
      refreshedAt: at,
    });
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom("collections_accounts").where("key_id", "=", keyId).execute();
      // 25 columns a row: 200 rows keep a statement's parameters (5,000) well within both databases' limits.
      for (let i = 0; i < rows.length; i += 200)
        await trx
          .insertInto("collections_accounts")
          .values(rows.slice(i, i + 200).map((r) => accountRow(keyId, r)))
          .execute();
      // The aging itself, every row in the API's order: the AR aging page's whole aging (5 columns a row).
      await trx.deleteFrom("collections_aging").where("key_id", "=", keyId).execute();
      for (let i = 0; i < input.aging.length; i += 200) {
        await trx
          .insertInto("collections_aging")
          .values(
            input.aging.slice(i, i + 200).map((entry, j) => ({
              key_id: keyId,
              position: i + j,
              ar_account_id: entry.ARAccountID!,
              supplier_id: entry.SupplierID ?? null,
              record_json: JSON.stringify(entry),
            })),
          )
          .execute();
      }
      await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
      await save(trx, keyId, state);
    });
  }

  /** Starts the key's walk (its first, or a refresh: the last snapshot stays shown until it ends); a walk under way goes on. */
  async function start(workspaceId: string, keyId: string): Promise<void> {
    const state = await load(keyId);
    if (state?.phase !== "walk") {
      const next: CollectionsState = {
        ...(state ?? { asOf: null, refreshedAt: null, requests: 0, updatedAt: "" }),
        phase: "walk",
        list: "aging",
        page: 1,
        pending: [],
        walkCloseDate: null,
        freshAging: false,
        startedAt: new Date(now()).toISOString(),
      };
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom("collections_pages").where("key_id", "=", keyId).execute();
        await save(trx, keyId, next);
      });
    }
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
    step: (job, _key, state, read) => step(job.keyId, state, read),
    forget,
    kept: () =>
      db.selectFrom("workspace_keys").select(["id", "workspace_id"]).where("key_type", "=", "Employee").execute(),
    async standings() {
      const states = await db
        .selectFrom("collections_state")
        .select(["key_id", "phase", "updated_at", "refreshed_at"])
        .execute();
      return new Map(
        states.map((row) => [
          row.key_id,
          {
            walking: row.phase === "walk",
            movedAt: Date.parse(row.updated_at),
            endedAt: row.refreshed_at ? Date.parse(row.refreshed_at) : undefined,
          },
        ]),
      );
    },
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
