import "server-only";
import type { Kysely } from "kysely";
import type { BackroomDatabase } from "../db/schema";
import type { EffectLedger } from "./job-queue";

/**
 * The ledger of effects run once (`job_effects`, migration 006), on SQLite and PostgreSQL alike: a key is claimed by
 * inserting it (`running`; `on conflict do nothing`, so of two callers at the same moment exactly one inserts), marked
 * `done` after the effect, and deleted again if the effect throws. A claim left `running` by a process that died
 * mid-effect stays: the effect is not run again (at most once; see `EffectLedger`).
 *
 * @example
 * const effects = createEffectLedger(database.db);
 * const sent = await effects.once(`invitation-mail:${invitationId}`, () => mailer.send(mail));
 */
export function createEffectLedger(db: Kysely<BackroomDatabase>, now: () => Date = () => new Date()): EffectLedger {
  return {
    async once(key, effect) {
      const claimed = await db
        .insertInto("job_effects")
        .values({ key, state: "running", at: now().toISOString() })
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("key")
        .executeTakeFirst();
      if (!claimed) return false;
      try {
        await effect();
      } catch (error) {
        // A release that fails too leaves the claim: the effect is then never run again (at most once), and the
        // effect's own error is the one the caller hears.
        await db
          .deleteFrom("job_effects")
          .where("key", "=", key)
          .where("state", "=", "running")
          .execute()
          .catch(() => undefined);
        throw error;
      }
      // Should this fail, the claim stays `running`: the effect ran, and is not run again.
      await db
        .updateTable("job_effects")
        .set({ state: "done", at: now().toISOString() })
        .where("key", "=", key)
        .execute();
      return true;
    },

    async claimed(keys) {
      const found = new Set<string>();
      // In slices: a parameter list of SQLite's stays well under its limit.
      for (let i = 0; i < keys.length; i += 500) {
        const rows = await db
          .selectFrom("job_effects")
          .select("key")
          .where("key", "in", keys.slice(i, i + 500))
          .execute();
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
  };
}
