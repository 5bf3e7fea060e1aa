import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The disputes' settings (`settingsOf` reads them from the environment once). */
export const DisputeSettings = z.object({
  /** How often the open disputes are matched to their stores' credit memos (seconds); 0 turns the sweep off. */
  DISPUTE_MATCH_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(600)),
  /**
   * A dispute's read asks for its match when its last is older than this (seconds): a page left open reads the
   * store's credits at most this often.
   */
  DISPUTE_MATCH_ON_VIEW_SECONDS: setting(z.coerce.number().int().min(1).max(86_400).default(300)),
  /**
   * Where the photos' bytes are kept: "auto" (the database on PostgreSQL, so every instance reads them; files under
   * DATA_DIR/dispute-photos on SQLite, the embedded default), "disk" or "database".
   */
  DISPUTE_PHOTO_STORE: setting(z.enum(["auto", "disk", "database"]).default("auto")),
});
