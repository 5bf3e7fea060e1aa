import "server-only";
import { accountingFeature } from "./accounting/feature";
import { collectionsFeature } from "./collections/feature";
import { followUpsFeature } from "./follow-ups/feature";
import { insightsFeature } from "./insights/feature";
import { menusFeature } from "./menus/feature";
import { notificationsFeature } from "./notifications/feature";
import { reportsFeature } from "./reports/feature";
import { statementsFeature } from "./statements/feature";
import { watchFeature } from "./watch/feature";

/**
 * Every feature that runs work or keeps something of a key, in the order they start (their jobs and listeners are
 * registered in this order). A new feature adds its `feature.ts` here, and touches nothing of the core. The features
 * with routes only (notes, today, the Activity page's API) have nothing to register.
 */
export const FEATURES = {
  followUps: followUpsFeature,
  notifications: notificationsFeature,
  watch: watchFeature,
  history: insightsFeature,
  collections: collectionsFeature,
  reports: reportsFeature,
  statementSchedules: statementsFeature,
  accounting: accountingFeature,
  menus: menusFeature,
};
