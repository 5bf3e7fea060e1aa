import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The insights' settings (`settingsOf` reads them from the environment once). */
export const HistorySettings = z.object({
  /** How far back a key's synced history reaches, in days. */
  HISTORY_DAYS: setting(z.coerce.number().int().min(7).max(1095).default(365)),
  /**
   * How often the history's sweep starts daily refreshes, and the backfills no key added started (seconds); 0 turns the
   * sweep off, and with it the start when a key is added (the Insights page still starts a key's first backfill).
   */
  HISTORY_SWEEP_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(3600)),
});
