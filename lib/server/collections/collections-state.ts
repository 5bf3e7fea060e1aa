import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../core/db/schema";
import type { SyncStanding } from "../core/jobs/resumable-sync";
import type { CollectionsAccountTable, CollectionsDb, CollectionsTables } from "./tables";
import type { CollectionRow, StorePerson } from "@/lib/domain/collections/collections";
import type { CollectionsInput, ListName } from "@/lib/domain/collections/collections-input";

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

/** What the collections' steps share: the database (with the collections' tables) and the clock. */
export interface CollectionsContext {
  db: CollectionsDb;
  now: () => number;
}

/**
 * A key's walk state, if it has one.
 *
 * @example
 * const state = await loadCollectionsState(db, keyId); // undefined before its first walk
 */
export async function loadCollectionsState(
  db: Kysely<BackroomDatabase>,
  keyId: string,
): Promise<CollectionsState | undefined> {
  const row = await db
    .withTables<CollectionsTables>()
    .selectFrom("collections_state")
    .selectAll()
    .where("key_id", "=", keyId)
    .executeTakeFirst();
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

/**
 * Saves a key's walk state (stamping `updatedAt`), in the caller's transaction.
 *
 * @example
 * await db.transaction().execute((trx) => saveCollectionsState(trx, now, keyId, state));
 */
export async function saveCollectionsState(
  trx: CollectionsDb,
  now: () => number,
  keyId: string,
  state: CollectionsState,
): Promise<void> {
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

/**
 * A page of a list, kept (read again: replaced), with the state that moves past it, in one transaction.
 *
 * @example
 * await keepPage(ctx, keyId, "customers", 2, entries, state);
 */
export async function keepPage(
  ctx: CollectionsContext,
  keyId: string,
  list: ListName,
  page: number,
  entries: unknown[],
  state: CollectionsState,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    const values = { key_id: keyId, list, page, records_json: JSON.stringify(entries) };
    await trx
      .insertInto("collections_pages")
      .values(values)
      .onConflict((oc) => oc.columns(["key_id", "list", "page"]).doUpdateSet({ records_json: values.records_json }))
      .execute();
    await saveCollectionsState(trx, ctx.now, keyId, state);
  });
}

/**
 * The lists kept so far, as the pure model reads them.
 *
 * @example
 * const { aging, openInvoices } = await keptLists(db, keyId, ["aging", "openInvoices"]);
 */
export async function keptLists(
  db: Kysely<BackroomDatabase>,
  keyId: string,
  lists: readonly ListName[],
): Promise<CollectionsInput> {
  const input: CollectionsInput = {
    aging: [],
    customers: [],
    openInvoices: [],
    payments: [],
    users: [],
    invoices: [],
    applications: [],
    scored: [],
  };
  const rows = await db
    .withTables<CollectionsTables>()
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

/**
 * Where every key's walk stands, as the sweep looks at it.
 *
 * @example
 * const standings = await collectionsStandings(db); // Map { keyId => { walking, movedAt, endedAt } }
 */
export async function collectionsStandings(db: Kysely<BackroomDatabase>): Promise<Map<string, SyncStanding>> {
  const states = await db
    .withTables<CollectionsTables>()
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
}

/** A kept row as the pure model reads it (its score apart: `reliability_json`). */
export function collectionRowOf(r: CollectionsAccountTable): CollectionRow {
  return {
    arAccountId: r.ar_account_id,
    customerIds: JSON.parse(r.customer_ids_json) as number[],
    customerNames: JSON.parse(r.customer_names_json) as string[],
    name: r.name,
    state: r.state,
    onHold: r.on_hold === 1,
    accountStatus: r.account_status,
    agentName: r.agent_name,
    agentEmail: r.agent_email,
    salesRep: r.sales_rep,
    people: r.people_json === null ? null : (JSON.parse(r.people_json) as StorePerson[]),
    suppliers: r.suppliers,
    current: r.current_due,
    due1to30: r.due_1_30,
    due31to60: r.due_31_60,
    due61to90: r.due_61_90,
    due91: r.due_91,
    over30: r.over_30,
    over60: r.over_60,
    over90: r.over_90,
    openCredit: r.open_credit,
    unapplied: r.unapplied,
    total: r.total,
    lastPayment: r.last_payment,
    daysSince: r.days_since,
  };
}
