import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The watches' settings (`settingsOf` reads them from the environment once). */
export const WatchSettings = z.object({
  /** How often each workspace key is watched for notifications (seconds); 0 turns the watches off. */
  WATCH_PERIOD_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(3600)),
});
