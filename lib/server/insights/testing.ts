import "server-only";
import { createBackground } from "../core/background/background-reads";
import type { Database } from "../core/db/open";
import { createMemoryStore } from "../core/shared/memory-store";
import { connectKey, DEMO_KEYS, recordingJobs } from "../core/testing";
import { createTestBackend } from "../testing";
import { createHistorySync, type HistorySyncJob } from "./history-sync";
import { forgetHistory } from "./tables";

/**
 * The history's tests' rig: a test backend over `fetch` (the sandbox, or a wrapper of it that fails or holds), the
 * history's sync with its jobs kept in a list rather than run, a background whose waits move `clock` instead of
 * sleeping, and the demo brand's key connected. `drain` runs the queued jobs until none is left, or until `stop`
 * says so after one. Used by `*.test.ts` files only.
 *
 * @example
 * const { sync, brand, drain } = await historyRig((r) => sandbox.runtime.app.fetch(r), await open());
 * await sync.start(brand.workspaceId, brand.keyId);
 * await drain();
 */
export async function historyRig(
  fetch: Parameters<typeof createTestBackend>[0],
  database: Database,
  clock: { at: number },
) {
  const backend = await createTestBackend(fetch, { database, forget: [forgetHistory] });
  const { jobs, queued } = recordingJobs<HistorySyncJob>();
  const now = () => clock.at;
  const sync = createHistorySync({
    db: backend.db,
    jobs,
    keys: backend.keys,
    background: createBackground({
      proxy: backend,
      shared: createMemoryStore(),
      now,
      sleep: async (ms) => void (clock.at += ms),
    }),
    now,
    historyDays: 365,
  });
  const brand = await connectKey(backend, DEMO_KEYS.Supplier, "Supplier");
  const drain = async (stop: () => boolean = () => false) => {
    for (let job = queued.shift(); job; job = queued.shift()) {
      await sync.run(job);
      if (stop()) return;
    }
  };
  return { backend, sync, brand, queued, drain, clock };
}
