import "server-only";
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { LimitChange } from "@/lib/domain/credit/view";
import type { BackroomDatabase } from "../core/db/schema";
import type { SharedPlace } from "../core/parties";
import type { CreditLimitTable, CreditTables } from "./tables";

/**
 * Credit limits as Backroom keeps them: one per AR account in a place (the environment and the demo visitor), the
 * distributor's, whichever staff workspace of the place set it last; its history beside it. A change is one
 * transaction: the limit one version on and its change, once per Idempotency-Key.
 */

/** A place as one text: the limits' key (a NULL visitor would make every row unique on PostgreSQL). */
export const placeKey = (place: SharedPlace): string => `${place.environment}:${place.visitor ?? ""}`;

/** An account's limit as the services give it: null (none set), and its version (0 before its first). */
export interface LimitNow {
  limit: string | null;
  version: number;
}

/** What a change of a limit asks. */
export interface LimitSet {
  place: SharedPlace;
  arAccountId: number;
  limit: string | null;
  by: { id: string; name: string };
  workspaceId: string;
  idempotencyKey: string;
  digest: string;
  /** The version the asker read (`If-Match`); undefined: whichever is current. */
  version?: number;
}

/** What became of a change: made; the same key made it before (`repeat`), or another change (`conflict`); stale. */
export type LimitOutcome = "changed" | "repeat" | "conflict" | "stale";

type CreditDb = Kysely<BackroomDatabase & CreditTables>;

/** What a key did before on this account, if anything: the same body ("repeat") or another ("conflict"). */
async function seen(trx: CreditDb, set: LimitSet): Promise<LimitOutcome | undefined> {
  const before = await trx
    .selectFrom("credit_limit_changes")
    .select("body_digest")
    .where("place", "=", placeKey(set.place))
    .where("ar_account_id", "=", set.arAccountId)
    .where("idempotency_key", "=", set.idempotencyKey)
    .executeTakeFirst();
  if (!before) return undefined;
  return before.body_digest === set.digest ? "repeat" : "conflict";
}

/** The change in one transaction: the limit one version on (under the version read) and its change. */
async function change(db: CreditDb, now: () => Date, set: LimitSet): Promise<LimitOutcome> {
  const place = placeKey(set.place);
  return db.transaction().execute(async (trx) => {
    const earlier = await seen(trx, set);
    if (earlier) return earlier;
    const row = await trx
      .selectFrom("credit_limits")
      .selectAll()
      .where("place", "=", place)
      .where("ar_account_id", "=", set.arAccountId)
      .executeTakeFirst();
    const current = row?.version ?? 0;
    if (set.version !== undefined && set.version !== current) return "stale";
    const at = now().toISOString();
    const values = {
      credit_limit: set.limit,
      version: current + 1,
      set_by_id: set.by.id,
      set_by_name: set.by.name,
      set_at: at,
      workspace_id: set.workspaceId,
    };
    if (row) {
      // Under the version read: a change racing this one between the read and here leaves it unchanged ("stale").
      const updated = await trx
        .updateTable("credit_limits")
        .set(values)
        .where("place", "=", place)
        .where("ar_account_id", "=", set.arAccountId)
        .where("version", "=", current)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) !== 1) return "stale";
    } else {
      await trx
        .insertInto("credit_limits")
        .values({
          place,
          environment: set.place.environment,
          visitor: set.place.visitor,
          ar_account_id: set.arAccountId,
          ...values,
        })
        .execute();
    }
    await trx
      .insertInto("credit_limit_changes")
      .values({
        id: randomUUID(),
        place,
        ar_account_id: set.arAccountId,
        version: current + 1,
        at,
        by_id: set.by.id,
        by_name: set.by.name,
        workspace_id: set.workspaceId,
        from_limit: row?.credit_limit ?? null,
        to_limit: set.limit,
        idempotency_key: set.idempotencyKey,
        body_digest: set.digest,
      })
      .execute();
    return "changed";
  });
}

export function createLimitStore(coreDb: Kysely<BackroomDatabase>, now: () => Date = () => new Date()) {
  const db = coreDb.withTables<CreditTables>();

  return {
    /**
     * The limits of these accounts in the place (an account with none set is not in the map).
     *
     * @example
     * (await limits.limitsFor(place, [50001])).get(50001); // { limit: "10000.00", version: 2 }
     */
    async limitsFor(place: SharedPlace, arAccountIds: readonly number[]): Promise<Map<number, LimitNow>> {
      const found = new Map<number, LimitNow>();
      const ids = [...new Set(arAccountIds)];
      // 500 ids a query: within both databases' parameter limits.
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await db
          .selectFrom("credit_limits")
          .select(["ar_account_id", "credit_limit", "version"])
          .where("place", "=", placeKey(place))
          .where("ar_account_id", "in", ids.slice(i, i + 500))
          .execute();
        for (const r of rows) found.set(r.ar_account_id, { limit: r.credit_limit, version: r.version });
      }
      return found;
    },

    /** Every limit of the place (the staff's credit list reads them all at once). */
    async allLimits(place: SharedPlace): Promise<Map<number, LimitNow>> {
      const rows = await db
        .selectFrom("credit_limits")
        .select(["ar_account_id", "credit_limit", "version"])
        .where("place", "=", placeKey(place))
        .execute();
      return new Map(rows.map((r) => [r.ar_account_id, { limit: r.credit_limit, version: r.version }]));
    },

    async get(place: SharedPlace, arAccountId: number): Promise<CreditLimitTable | undefined> {
      return db
        .selectFrom("credit_limits")
        .selectAll()
        .where("place", "=", placeKey(place))
        .where("ar_account_id", "=", arAccountId)
        .executeTakeFirst();
    },

    /** The account's changes in the place, newest first. */
    async history(place: SharedPlace, arAccountId: number): Promise<LimitChange[]> {
      const rows = await db
        .selectFrom("credit_limit_changes")
        .select(["at", "by_name", "from_limit", "to_limit"])
        .where("place", "=", placeKey(place))
        .where("ar_account_id", "=", arAccountId)
        .orderBy("version", "desc")
        .orderBy("at", "desc")
        .execute();
      return rows.map((r) => ({ at: r.at, by: r.by_name, from: r.from_limit, to: r.to_limit }));
    },

    /**
     * Sets a limit in one transaction, once per Idempotency-Key: a change that races another on the same key (a
     * double click landing twice at once) fails on the key's unique index and is answered as its repeat.
     *
     * @example
     * await limits.set({ place, arAccountId: 50001, limit: "10000.00", by, workspaceId, idempotencyKey, digest });
     */
    async set(set: LimitSet): Promise<LimitOutcome> {
      try {
        return await change(db, now, set);
      } catch (error) {
        const earlier = await seen(db, set);
        if (earlier) return earlier;
        // Two first limits of one account inserted at once (other keys): the later, asked of no version, goes on
        // over the first (the update path now); asked of a version, it is stale.
        const row = await db
          .selectFrom("credit_limits")
          .select("version")
          .where("place", "=", placeKey(set.place))
          .where("ar_account_id", "=", set.arAccountId)
          .executeTakeFirst();
        if (!row) throw error;
        if (set.version !== undefined) return "stale";
        return change(db, now, set);
      }
    },
  };
}
