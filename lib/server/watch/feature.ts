import "server-only";
import { defineFeature } from "../core/feature";
import { WatchSettings } from "./settings";
import { createWatch, WATCH, WATCH_SWEEP, type WatchJob } from "./watch";
import { WATCH_MIGRATIONS } from "./migrations";

/**
 * The watches with the core: every hour (WATCH_PERIOD_SECONDS; 0: none), one job per workspace key tells its members
 * what changed.
 */
export const watchFeature = defineFeature({
  name: "watch",
  migrations: WATCH_MIGRATIONS,
  settings: WatchSettings,
  start(core, settings) {
    const period = settings.WATCH_PERIOD_SECONDS;
    const watch = createWatch({
      jobs: core.jobs,
      db: core.db,
      keys: core.keys,
      notifier: core.notifier,
      background: core.background,
      periodSeconds: period || undefined,
    });
    return {
      jobs: { [WATCH]: (job: WatchJob) => watch.run(job) },
      recurring: [{ name: WATCH_SWEEP, seconds: period, run: (slotStart) => watch.sweep(slotStart) }],
      services: watch,
    };
  },
});
