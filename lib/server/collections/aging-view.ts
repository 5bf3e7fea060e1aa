import "server-only";
import type { Kysely } from "kysely";
import { LRUCache } from "lru-cache";
import type { AgingEntry } from "@/lib/domain/collections/collections-input";
import type { BackroomDatabase } from "../core/db/schema";
import { collectionsView } from "./collections-view";
import type { CollectionsTables } from "./tables";

/** An AR account as the aging page names it from the snapshot: its customers' name, and its customer when it has one. */
export interface SnapshotAccount {
  name: string;
  customerId?: number;
}

/** Where the key's walk stands, as the page says it. */
type Progress = { phase: "walk" | "idle"; list: string | null; page: number; startedAt: string | null };

/**
 * What the AR aging page draws an Employee key's whole aging from: the key's collections snapshot, once a
 * walk that kept the aging has ended. `outdated` marks a snapshot made before the aging was kept (migration 016): its
 * accounts are in, its aging is not, and a walk must run once more.
 */
export type AgingSnapshot =
  | { ready: false; state: Progress | undefined; outdated: boolean }
  | {
      ready: true;
      state: Progress & { asOf: string; refreshedAt: string };
      rows: AgingEntry[];
      accounts: Map<number, SnapshotAccount>;
    };

/* This process's last aging rows read, by key and the walk that made them: a snapshot changes once a day. */
const agings = new LRUCache<string, Promise<AgingEntry[]>>({ max: 8 });

/**
 * A key's aging from its snapshot, read from Backroom's database alone (no request to the API): every row in the API's
 * order, its accounts' names, and where the walk stands.
 *
 * @example
 * const aging = await agingSnapshot(db, keyId);
 * if (aging.ready) linesOf(aging.rows);
 */
export async function agingSnapshot(db: Kysely<BackroomDatabase>, keyId: string): Promise<AgingSnapshot> {
  const view = await collectionsView(db, keyId);
  if (!view.ready) return { ready: false, state: view.state, outdated: false };
  const version = JSON.stringify([keyId, view.state.refreshedAt]);
  let rows = agings.get(version);
  if (!rows) {
    rows = db
      .withTables<CollectionsTables>()
      .selectFrom("collections_aging")
      .select("record_json")
      .where("key_id", "=", keyId)
      .orderBy("position")
      .execute()
      .then((found) => found.map((r) => JSON.parse(r.record_json) as AgingEntry));
    agings.set(version, rows);
    rows.catch(() => agings.delete(version));
  }
  const aging = await rows;
  // Every account of the list has aging rows: accounts without them were computed before the aging was kept.
  if (aging.length === 0 && view.rows.length > 0) return { ready: false, state: view.state, outdated: true };
  const accounts = new Map(
    view.rows.map((r) => [
      r.arAccountId,
      { name: r.name, ...(r.customerIds.length === 1 ? { customerId: r.customerIds[0] } : {}) },
    ]),
  );
  return { ready: true, state: view.state, rows: aging, accounts };
}
