import "server-only";
import { defineFeature } from "../core/feature";
import { createFollowUps, FOLLOW_UP, type FollowUpJob } from "./follow-ups";
import { FollowUpSettings } from "./settings";

/**
 * The follow-ups with the core: the proxy tells them of writes awaiting an outcome and of outcomes learned (`outcomes`);
 * their looks are jobs, read through the same proxy (the background).
 */
export const followUpsFeature = defineFeature({
  name: "follow-ups",
  settings: FollowUpSettings,
  start(core, settings) {
    const followUps = createFollowUps({
      jobs: core.jobs,
      audit: core.audit,
      keys: core.keys,
      notifier: core.notifier,
      background: core.background,
      firstSeconds: settings.FOLLOW_UP_INTERVAL_SECONDS,
    });
    return {
      jobs: { [FOLLOW_UP]: (job: FollowUpJob) => followUps.run(job) },
      outcomes: followUps,
      services: followUps,
    };
  },
});
