import "server-only";
import { type Kysely, type Migration, PostgresAdapter } from "kysely";
import type { Migrations } from "../core/db/migrations";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists, and must not depend on it.
type AnyDb = Kysely<any>;

/**
 * A member's working day for the route plan (`day-settings.ts`), per record owner (the workspace, or a demo visitor
 * in it) and person: where the day starts (the text as typed and the point it was found at), whether it ends at the
 * last stop rather than back at the start, the day's length and a visit's, in minutes.
 */
const repDaySettings: Migration = {
  async up(db: AnyDb) {
    const degrees = db.getExecutor().adapter instanceof PostgresAdapter ? "double precision" : "real";
    await db.schema
      .createTable("rep_day_settings")
      .addColumn("owner", "text", (c) => c.notNull())
      .addColumn("user_id", "text", (c) => c.notNull())
      .addColumn("start_text", "text")
      .addColumn("start_lat", degrees)
      .addColumn("start_lon", degrees)
      .addColumn("end_at_last_stop", "integer", (c) => c.notNull())
      .addColumn("day_minutes", "integer", (c) => c.notNull())
      .addColumn("visit_minutes", "integer", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .addPrimaryKeyConstraint("rep_day_settings_pk", ["owner", "user_id"])
      .execute();
  },
};

/** The route plan's tables, by name: a database records the names it ran, so they never change. */
export const TODAY_MIGRATIONS: Migrations = {
  "029-rep-day-settings": repDaySettings,
};
