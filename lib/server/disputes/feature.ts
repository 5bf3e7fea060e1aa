import "server-only";
import { serverEnv } from "../core/env";
import { defineFeature } from "../core/feature";
import { type PhotoPlace, photoStoreFor } from "../core/photos/photo-store";
import type { SharedPlace } from "../core/parties";
import { createDisputeStore } from "./disputes-store";
import { createCreditMatcher, DISPUTE_MATCH, DISPUTE_MATCH_SWEEP, type DisputeMatchJob } from "./match-job";
import { DISPUTE_MIGRATIONS } from "./migrations";
import { DisputeSettings } from "./settings";

/** Where the disputes' photos are kept: files under DATA_DIR/dispute-photos, or `dispute_photo_blobs`. */
const DISPUTE_PHOTOS: PhotoPlace = { folder: "dispute-photos", table: "dispute_photo_blobs" };

/**
 * Disputes with the core: a store's disputes of its deliveries, kept with their lines, thread and photos (the photo
 * store: files under DATA_DIR on SQLite, the database on PostgreSQL, `DISPUTE_PHOTO_STORE`), and matched every
 * DISPUTE_MATCH_SECONDS (0: never) to the stores' credit memos in the API (`match-job.ts`), which resolves them. A
 * dispute is the store's workspace's record: it stays when a key goes.
 */
export const disputesFeature = defineFeature({
  name: "disputes",
  migrations: DISPUTE_MIGRATIONS,
  settings: DisputeSettings,
  start(core, settings) {
    const matcher = createCreditMatcher({
      db: core.db,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      notifier: core.notifier,
      onViewSeconds: settings.DISPUTE_MATCH_ON_VIEW_SECONDS,
    });
    const store = createDisputeStore(core.db);
    return {
      jobs: { [DISPUTE_MATCH]: (job: DisputeMatchJob) => matcher.run(job) },
      recurring: [{ name: DISPUTE_MATCH_SWEEP, seconds: settings.DISPUTE_MATCH_SECONDS, run: () => matcher.sweep() }],
      services: {
        photos: photoStoreFor(core.db, settings.DISPUTE_PHOTO_STORE, serverEnv.DATA_DIR, DISPUTE_PHOTOS),
        viewed: (workspaceId: string, matchedAt: string | null) => matcher.viewed(workspaceId, matchedAt),
        matchNow: matcher.matchNow,
        /** What is still in dispute for these stores, and their open disputes: one query (`README.md`). */
        openByCustomer: (place: SharedPlace, customerIds: readonly number[]) =>
          store.openByCustomer(place, customerIds),
      },
    };
  },
});
