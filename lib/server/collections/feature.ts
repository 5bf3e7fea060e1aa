import "server-only";
import { serverEnv } from "../core/env";
import { defineFeature } from "../core/feature";
import { type PhotoPlace, photoStoreFor } from "../core/photos/photo-store";
import {
  COLLECTIONS_SWEEP,
  COLLECTIONS_SYNC,
  type CollectionsSyncJob,
  createCollectionsSync,
} from "./collections-sync";
import {
  COLLECTED_MATCH,
  COLLECTED_MATCH_SWEEP,
  type CollectedMatchJob,
  createCollectedMatcher,
} from "./collected-match";
import { forgetCollections } from "./tables";
import { COLLECTIONS_MIGRATIONS } from "./migrations";
import { CollectionsSettings } from "./settings";

/** Where the checks' photos are kept: files under DATA_DIR/collected-photos, or `collections_collected_photo_blobs`. */
const COLLECTED_PHOTOS: PhotoPlace = { folder: "collected-photos", table: "collections_collected_photo_blobs" };

/**
 * The collections list with the core: each Employee key's AR aging, customers, open invoices and payments,
 * walked daily within the background's budget into one row per AR account; an hourly sweep starts the walks (and the
 * Collections page a key's first), a key added its first walk (unless the sweep is set to 0). A key removed takes its
 * snapshot. What reps collected at the door (`collections_collected`, the workspace's record: it stays when a key goes)
 * is matched every COLLECTED_MATCH_SECONDS (0: never) to the accounts' payments in the API (`collected-match.ts`);
 * their checks' photos are kept in the photo store (`COLLECTED_PHOTO_STORE`).
 */
export const collectionsFeature = defineFeature({
  name: "collections",
  migrations: COLLECTIONS_MIGRATIONS,
  settings: CollectionsSettings,
  forget: forgetCollections,
  start(core, settings) {
    const collections = createCollectionsSync({
      db: core.db,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
    });
    const collected = createCollectedMatcher({
      db: core.db,
      jobs: core.jobs,
      keys: core.keys,
      background: core.background,
      notifier: core.notifier,
      onViewSeconds: settings.COLLECTED_MATCH_ON_VIEW_SECONDS,
    });
    const sweeping = settings.COLLECTIONS_SWEEP_SECONDS > 0;
    return {
      jobs: {
        [COLLECTIONS_SYNC]: (job: CollectionsSyncJob) => collections.run(job),
        [COLLECTED_MATCH]: (job: CollectedMatchJob) => collected.run(job),
      },
      recurring: [
        { name: COLLECTIONS_SWEEP, seconds: settings.COLLECTIONS_SWEEP_SECONDS, run: () => collections.sweep() },
        { name: COLLECTED_MATCH_SWEEP, seconds: settings.COLLECTED_MATCH_SECONDS, run: () => collected.sweep() },
      ],
      ...(sweeping ? { keyAdded: (key) => collections.keyAdded(key.workspaceId, key.keyId, key.keyType) } : {}),
      services: {
        ...collections,
        collected,
        photos: photoStoreFor(core.db, settings.COLLECTED_PHOTO_STORE, serverEnv.DATA_DIR, COLLECTED_PHOTOS),
      },
    };
  },
});
