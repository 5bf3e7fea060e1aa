import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The order guide's settings (`settingsOf` reads them from the environment once). */
export const OrderGuideSettings = z.object({
  /** How often the open reorder lists are matched to their stores' invoices (seconds); 0 turns the matching off. */
  ORDER_LIST_MATCH_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(600)),
});
