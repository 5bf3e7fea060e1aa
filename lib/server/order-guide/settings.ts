import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The order guide's settings (`settingsOf` reads them from the environment once). */
export const OrderGuideSettings = z.object({
  /** How often the open reorder lists are matched to their stores' invoices (seconds); 0 turns the matching off. */
  ORDER_LIST_MATCH_SECONDS: setting(z.coerce.number().int().min(0).max(86_400).default(600)),
  /**
   * A list's page read asks for its match when its last is older than this (seconds): a page left open reads the
   * store's invoices at most this often (its 30 s reads would otherwise spend the key's sync share within the hour).
   */
  ORDER_LIST_MATCH_ON_VIEW_SECONDS: setting(z.coerce.number().int().min(1).max(86_400).default(300)),
});
