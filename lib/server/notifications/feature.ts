import "server-only";
import { defineFeature } from "../core/feature";
import { createDigests, DIGEST, DIGEST_SWEEP, DIGEST_SWEEP_SECONDS, type DigestJob } from "./digest";

/**
 * The notifications' daily digests with the core: a sweep every 15 minutes queues those due, each mailed once. (A
 * notification's own mail is the core notifier's job.)
 */
export const notificationsFeature = defineFeature({
  name: "notifications",
  start(core) {
    const digests = createDigests({
      db: core.db,
      store: core.inbox,
      jobs: core.jobs,
      mailer: core.mailer,
      effects: core.effects,
      secret: core.secret,
      origin: core.origin,
    });
    return {
      jobs: {
        [DIGEST]: (job: DigestJob) => digests.run(job),
      },
      recurring: [{ name: DIGEST_SWEEP, seconds: DIGEST_SWEEP_SECONDS, run: () => digests.sweep() }],
      services: digests,
    };
  },
});
