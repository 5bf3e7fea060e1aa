import "server-only";
import { defineFeature } from "../core/feature";
import { TODAY_MIGRATIONS } from "./migrations";

/**
 * Today and its route plan with the core: the members' working days (`rep_day_settings`), and nothing more. Its
 * routes read Today's lists through the proxy; nothing runs in the background.
 */
export const todayFeature = defineFeature({
  name: "today",
  migrations: TODAY_MIGRATIONS,
});
