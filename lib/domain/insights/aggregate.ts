/**
 * The aggregations over the synced history, in one place for the pages and `GET /api/insights/sales`: pure
 * functions, no I/O. What every figure means is written once in `definitions.ts` (`DEFINITIONS`).
 */
export {
  DEFINITIONS,
  tierOf,
  growthPercent,
  median,
  type HistoryInput,
  type Period,
  type Tier,
  type ZoneOf,
  type ZoneOptions,
} from "./definitions";
export { salesBy, type CustomerSalesRow, type SalesDimension, type SalesRow } from "./sales-by";
export { periodComparison, type PeriodComparison, type PeriodTotals } from "./period-comparison";
export { accountHealth, type AccountHealthRow } from "./account-health";
export { weeklyLeaderboard, type LeaderboardRow } from "./weekly-leaderboard";
export { whiteSpace, type WhiteSpaceGroup, type WhiteSpaceRow } from "./white-space";
export { shelfWatch, type ShelfStatus, type ShelfWatchRow } from "./shelf-watch";
export { distribution, type Distribution, type DistributionDimension, type DistributionRow } from "./distribution";
export { cadence, cadenceStatus, doorsDue, type CadenceRow, type CadenceStatus, type DoorsDue } from "./cadence";
