import "server-only";

/**
 * The route plan's tables, as Kysely sees them (made by `migrations.ts` beside this file), with the core's conventions
 * (`lib/server/core/db/schema.ts`): timestamps as ISO 8601 UTC text. Read with `db.withTables<TodayTables>()`.
 */
export type TodayTables = {
  rep_day_settings: RepDaySettingsTable;
};

/** A member's working day for the plan (migration 029, `day-settings.ts`). */
export interface RepDaySettingsTable {
  /** The record owner (`recordOwner`): the workspace, or a demo visitor in it. */
  owner: string;
  /** The person (better-auth's user id). */
  user_id: string;
  /** The start as typed (an address or a postal code), null for none; its point as found (degrees, WGS 84). */
  start_text: string | null;
  start_lat: number | null;
  start_lon: number | null;
  /** 1 when the day ends at its last stop, 0 when it drives back to the start. */
  end_at_last_stop: number;
  day_minutes: number;
  visit_minutes: number;
  updated_at: string;
}
