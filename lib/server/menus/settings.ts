import "server-only";
import * as z from "zod";
import { setting } from "../core/env";

/** The menus' settings (`settingsOf` reads them from the environment once). */
export const MenuSettings = z.object({
  /** How many views of the public menus (`/menu/{token}`) one address may make a minute; more answer 429. */
  MENU_RATE_LIMIT: setting(z.coerce.number().int().min(1).max(1_000_000).default(60)),
});
