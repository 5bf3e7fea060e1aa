import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The follow-ups' settings (`settingsOf` reads them from the environment once). */
export const FollowUpSettings = z.object({
  /** Seconds before a write's first follow-up (the later waits are 2, 5, 15 and 60 minutes: `follow-ups.ts`). */
  FOLLOW_UP_INTERVAL_SECONDS: setting(z.coerce.number().int().min(1).max(3600).default(60)),
});
