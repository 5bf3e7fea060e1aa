import "server-only";
import { defineFeature } from "../core/feature";
import { createListMatcher, type ListMatchJob, ORDER_LIST_MATCH, ORDER_LIST_MATCH_SWEEP } from "./match-job";
import { ORDER_LIST_MIGRATIONS } from "./migrations";
import { OrderGuideSettings } from "./settings";
import { tellInvoiced } from "./shared-tell";

/**
 * The order guide with the core: the reorder lists sent to the stores' reps and the workspaces' contact addresses, and
 * what was invoiced against each list: every ORDER_LIST_MATCH_SECONDS (0: never) one job per workspace key with open
 * lists reads their stores' invoices in the background and keeps each list's match (`match-job.ts`); its routes may
 * match a workspace's lists at once (`matchNow`). A list sent is the workspace's record, kept when a key goes.
 */
export const orderGuideFeature = defineFeature({
  name: "order-guide",
  migrations: ORDER_LIST_MIGRATIONS,
  settings: OrderGuideSettings,
  start(core, settings) {
    const matcher = createListMatcher({
      db: core.db,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      shared: core.shared,
      told: tellInvoiced(core.db, core.notifier),
      onViewSeconds: settings.ORDER_LIST_MATCH_ON_VIEW_SECONDS,
    });
    return {
      jobs: { [ORDER_LIST_MATCH]: (job: ListMatchJob) => matcher.run(job) },
      recurring: [
        { name: ORDER_LIST_MATCH_SWEEP, seconds: settings.ORDER_LIST_MATCH_SECONDS, run: () => matcher.sweep() },
      ],
      services: {
        matchNow: matcher.matchNow,
        viewed: (workspaceId: string, matchedAt: string | null) => matcher.viewed(workspaceId, matchedAt),
      },
    };
  },
});
