import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The collections' settings (`settingsOf` reads them from the environment once). */
export const CollectionsSettings = z.object({
  /**
   * How often the collections' sweep starts an Employee key's first walk and its daily refresh (seconds); 0 turns it
   * off, and with it the start when a key is added (the Collections page still starts a key's first walk).
   */
  COLLECTIONS_SWEEP_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(3600)),
  /**
   * How often what reps collected at the door is matched to the accounts' payments in the API (seconds); 0 turns the
   * sweep off (a record's read still asks for its match).
   */
  COLLECTED_MATCH_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(600)),
  /**
   * An account's records read (`GET /api/collections/{id}/collected`) ask for a match when their last is older than
   * this (seconds): a page left open reads the account's payments at most this often.
   */
  COLLECTED_MATCH_ON_VIEW_SECONDS: setting(z.coerce.number().int().min(1).max(86_400).default(300)),
  /**
   * Where the checks' photos' bytes are kept: "auto" (the database on PostgreSQL, so every instance reads them; files
   * under DATA_DIR/collected-photos on SQLite, the embedded default), "disk" or "database".
   */
  COLLECTED_PHOTO_STORE: setting(z.enum(["auto", "disk", "database"]).default("auto")),
});
