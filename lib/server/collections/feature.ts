import "server-only";
import { defineFeature } from "../core/feature";
import {
  COLLECTIONS_SWEEP,
  COLLECTIONS_SYNC,
  type CollectionsSyncJob,
  createCollectionsSync,
} from "./collections-sync";
import { forgetCollections } from "./tables";
import { COLLECTIONS_MIGRATIONS } from "./migrations";
import { CollectionsSettings } from "./settings";

/**
 * The collections list with the core: each Employee key's AR aging, customers, open invoices and payments,
 * walked daily within the background's budget into one row per AR account; an hourly sweep starts the walks (and the
 * Collections page a key's first), a key added its first walk (unless the sweep is set to 0). A key removed takes its
 * snapshot.
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
    const sweeping = settings.COLLECTIONS_SWEEP_SECONDS > 0;
    return {
      jobs: { [COLLECTIONS_SYNC]: (job: CollectionsSyncJob) => collections.run(job) },
      recurring: [
        { name: COLLECTIONS_SWEEP, seconds: settings.COLLECTIONS_SWEEP_SECONDS, run: () => collections.sweep() },
      ],
      ...(sweeping ? { keyAdded: (key) => collections.keyAdded(key.workspaceId, key.keyId, key.keyType) } : {}),
      services: collections,
    };
  },
});
