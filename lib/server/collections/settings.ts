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
});
