import "server-only";
import { defineFeature } from "../core/feature";
import { createHistorySync, HISTORY_SWEEP, HISTORY_SYNC, type HistorySyncJob } from "./history-sync";
import { forgetHistory } from "./tables";
import { HISTORY_MIGRATIONS } from "./migrations";
import { HistorySettings } from "./settings";

/**
 * The insights' history with the core: each Supplier key's invoices, lines and retailers' stock, backfilled
 * then refreshed daily, a walk of some requests per job within the background's budget, paced; a key added starts its
 * backfill, an hourly sweep the refreshes (and the Insights page a key's first, should neither have). A sweep set to 0
 * keeps the walks to those the page asks for (the browser tests and benchmarks): a key added starts none either. A key
 * removed takes its history.
 */
export const insightsFeature = defineFeature({
  name: "insights",
  migrations: HISTORY_MIGRATIONS,
  settings: HistorySettings,
  forget: forgetHistory,
  start(core, settings) {
    const history = createHistorySync({
      db: core.db,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      historyDays: settings.HISTORY_DAYS,
    });
    const sweeping = settings.HISTORY_SWEEP_SECONDS > 0;
    return {
      jobs: { [HISTORY_SYNC]: (job: HistorySyncJob) => history.run(job) },
      recurring: [{ name: HISTORY_SWEEP, seconds: settings.HISTORY_SWEEP_SECONDS, run: () => history.sweep() }],
      ...(sweeping ? { keyAdded: (key) => history.keyAdded(key.workspaceId, key.keyId) } : {}),
      services: history,
    };
  },
});
