import "server-only";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { CollectionRow } from "@/lib/domain/collections/collections";
import type { BackroomDatabase } from "../core/db/schema";
import { collectionsQuery, listed } from "@/lib/domain/collections/collections-list";
import { collectionRowOf } from "./collections-state";
import type { CollectionsState, CollectionsSync } from "./collections-sync";
import type { CollectionsTables } from "./tables";

/** What the Collections page and its export are drawn from: the key's snapshot once its first walk has ended. */
export type CollectionsView =
  | { ready: false; state: Pick<CollectionsState, "phase" | "list" | "page" | "startedAt"> | undefined }
  | {
      ready: true;
      state: Pick<CollectionsState, "phase" | "list" | "page" | "startedAt"> & { asOf: string; refreshedAt: string };
      rows: CollectionRow[];
    };

/*
 * This process's last snapshots read, by key and the walk that made them (`refreshed_at`): a snapshot changes once a
 * day, and every choice of the page (a filter, a sort, a page) reads it whole.
 */
const snapshots = new LRUCache<string, Promise<CollectionRow[]>>({ max: 8 });

/**
 * A key's collections snapshot, read from Backroom's database alone (no request to the API): every row, in the
 * aging's order, and where its walk stands.
 *
 * @example
 * const view = await collectionsView(db, keyId);
 * if (view.ready) listed(view.rows, collectionsQuery(searchParams));
 */
export async function collectionsView(coreDb: Kysely<BackroomDatabase>, keyId: string): Promise<CollectionsView> {
  const db = coreDb.withTables<CollectionsTables>();
  const state = await db
    .selectFrom("collections_state")
    .select(["phase", "list", "page", "started_at", "as_of", "refreshed_at"])
    .where("key_id", "=", keyId)
    .executeTakeFirst();
  const progress = state && {
    phase: state.phase === "walk" ? ("walk" as const) : ("idle" as const),
    list: state.list as CollectionsState["list"],
    page: state.page,
    startedAt: state.started_at,
  };
  if (!state?.refreshed_at || !state.as_of) return { ready: false, state: progress };
  const version = JSON.stringify([keyId, state.refreshed_at]);
  let rows = snapshots.get(version);
  if (!rows) {
    rows = db
      .selectFrom("collections_accounts")
      .selectAll()
      .where("key_id", "=", keyId)
      .orderBy("ar_account_id")
      .execute()
      .then((found) => found.map(collectionRowOf));
    snapshots.set(version, rows);
    rows.catch(() => snapshots.delete(version));
  }
  return { ready: true, state: { ...progress!, asOf: state.as_of, refreshedAt: state.refreshed_at }, rows: await rows };
}

/**
 * A search of a key's snapshot by name, as the pages that need one account or store run it (Statements, Books export):
 * the accounts whose name or ids match `q` by name, none for no `q`, and `undefined` until the snapshot is in. A search
 * by a name starts the key's first walk when none has started (never a visit alone: its reads would spend the key's
 * budget for a search nobody made); `reading` says one is under way.
 *
 * @example
 * const { matches, reading } = await searchSnapshot(db, collections, workspaceId, keyId, "valley");
 */
export async function searchSnapshot(
  db: Kysely<BackroomDatabase>,
  collections: Pick<CollectionsSync, "start">,
  workspaceId: string,
  keyId: string,
  q: string,
): Promise<{ matches: CollectionRow[] | undefined; reading: boolean }> {
  const view = await collectionsView(db, keyId);
  const byName = q !== "" && !/^\d{1,12}$/.test(q);
  if (!view.ready && !view.state && byName) await collections.start(workspaceId, keyId);
  if (!view.ready) return { matches: undefined, reading: view.state !== undefined || byName };
  return {
    matches: q ? listed(view.rows, collectionsQuery({ q, sort: "name", dir: "asc" })) : [],
    reading: false,
  };
}
