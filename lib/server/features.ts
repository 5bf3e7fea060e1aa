import "server-only";
import { CORE_MIGRATIONS } from "./core/db/migrations";
import { allMigrations } from "./core/feature";
import { accountingFeature } from "./accounting/feature";
import { collectionsFeature } from "./collections/feature";
import { creditFeature } from "./credit/feature";
import { disputesFeature } from "./disputes/feature";
import { followUpsFeature } from "./follow-ups/feature";
import { insightsFeature } from "./insights/feature";
import { menusFeature } from "./menus/feature";
import { notesFeature } from "./notes/feature";
import { notificationsFeature } from "./notifications/feature";
import { orderGuideFeature } from "./order-guide/feature";
import { viewsFeature } from "./views/feature";
import { statementsFeature } from "./statements/feature";
import { todayFeature } from "./today/feature";
import { watchFeature } from "./watch/feature";

/**
 * Every feature, in the order they start (their jobs and listeners are registered in this order). A new feature adds
 * its `feature.ts` here, and touches nothing of the core: its migrations run with the core's, its settings are read
 * at the start, its services reach the routes under its key here (`deps.menus`: the backend is typed by this list),
 * its jobs, sweeps and listeners are registered. The features with routes
 * only (the Activity page's API) have nothing to declare; those with tables and routes only (the notes, today's route
 * plan) declare their migrations.
 */
export const FEATURES = {
  followUps: followUpsFeature,
  notifications: notificationsFeature,
  watch: watchFeature,
  insights: insightsFeature,
  collections: collectionsFeature,
  views: viewsFeature,
  statements: statementsFeature,
  accounting: accountingFeature,
  menus: menusFeature,
  notes: notesFeature,
  orderGuide: orderGuideFeature,
  today: todayFeature,
  disputes: disputesFeature,
  credit: creditFeature,
};

/** Every migration, the core's and each feature's, in the order of their names: what `migrate` is given. */
export const MIGRATIONS = allMigrations(CORE_MIGRATIONS, FEATURES);
