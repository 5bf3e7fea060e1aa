/**
 * The aggregations over the synced history, in one place for the pages and `GET /api/insights/sales`: pure
 * functions, no I/O. What every figure means is written once in `definitions.ts` (`DEFINITIONS`).
 */
export { median } from "./definitions";
export { salesBy } from "./sales-by";
export { periodComparison } from "./period-comparison";
export { accountHealth } from "./account-health";
export { weeklyLeaderboard } from "./weekly-leaderboard";
export { whiteSpace } from "./white-space";
export { shelfWatch } from "./shelf-watch";
