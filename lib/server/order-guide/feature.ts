import "server-only";
import { defineFeature } from "../core/feature";
import { ORDER_LIST_MIGRATIONS } from "./migrations";

/**
 * The order guide with the core: the reorder lists sent to the stores' reps and the workspaces' contact addresses, and
 * nothing more. Its routes read and write them with the core's database; nothing runs in the background, and a list
 * sent is the workspace's record, kept when a key goes.
 */
export const orderGuideFeature = defineFeature({
  name: "order-guide",
  migrations: ORDER_LIST_MIGRATIONS,
});
