import "server-only";
import { type MenuSnapshot, publicSnapshot } from "@/lib/domain/menus/public-menu";
import type { WorkspaceKeyStore } from "../core/auth/workspace-keys";
import { type Background, backgroundClient } from "../core/background/background-reads";
import { log } from "../core/log";
import type { SharedStore } from "../core/shared/shared-store";

/**
 * A Supplier key's public menu snapshot: the key's active products, their availability bucket per warehouse
 * and its current promotions, read in the background (within the key's budget: `background-reads.ts`) and filtered by
 * `publicSnapshot` before anything is kept, so the shared store never holds a price or a field of another brand.
 *
 * In the shared store, for every instance: the snapshot (`menu-snapshot`), kept a month so an API away still shows the
 * last one, and the refresh's lock (`menu-refresh`, one per 15-minute slot), taken with `onlyIfAbsent`: one refresh at
 * a time across instances, and at most one in 15 minutes whatever the traffic (a refresh starts only when the
 * snapshot in the shared store is 15 minutes old). A page older than that is served as it is
 * while the refresh runs; only a key's first page waits for its first snapshot. Each instance keeps the parsed snapshot
 * for `LOCAL_MS`, so a busy page does not parse it on every view.
 */

/** At most one refresh of a key's snapshot in this long. */
export const REFRESH_MS = 15 * 60 * 1000;
/** How long the shared store keeps a snapshot (served however old while the API is away). */
const KEEP_MS = 30 * 24 * 60 * 60 * 1000;
/** How long an instance reuses the snapshot it parsed before looking at the shared store again. */
const LOCAL_MS = 5_000;
/** The reads a refresh may make at most (500 records a page). */
const MAX_PAGES = 20;

export interface MenuSnapshotDeps {
  shared: SharedStore;
  background: Background;
  keys: Pick<WorkspaceKeyStore, "open">;
  now?: () => number;
}

const snapshotKey = (keyId: string) => `menu-snapshot\n${keyId}`;
const lockKey = (keyId: string, slot: number) => `menu-refresh\n${keyId}\n${slot}`;

export function createMenuSnapshots(deps: MenuSnapshotDeps) {
  const now = deps.now ?? Date.now;
  const local = new Map<string, { snapshot: MenuSnapshot; readAt: number }>();
  const running = new Map<string, Promise<MenuSnapshot | undefined>>();

  /** Reads the key's menu through the background's budget and keeps its public snapshot; undefined when it could not. */
  async function read(workspaceId: string, keyId: string): Promise<MenuSnapshot | undefined> {
    const key = await deps.keys.open(workspaceId, keyId);
    if (!key || key.keyType !== "Supplier") return undefined;
    const api = backgroundClient(await deps.background.open(workspaceId, key, "report"));
    const all = async <T>(pages: AsyncGenerator<{ records: T[] }>) => {
      const records: T[] = [];
      for await (const page of pages) records.push(...page.records);
      return records;
    };
    const today = new Date(now()).toISOString().slice(0, 10);
    const products = await all(api.pages("listProducts", { query: { PageSize: 500 }, revalidate: true }, MAX_PAGES));
    const inventory = await all(
      api.pages("listAvailableInventory", { query: { PageSize: 500 }, revalidate: true }, MAX_PAGES),
    );
    const promotions = await all(
      api.pages(
        "listMenuPromotions",
        { query: { StartDate: today, EndDate: today, PageSize: 500 }, revalidate: true },
        MAX_PAGES,
      ),
    );
    const locations = await all(api.pages("listLocations", { query: { PageSize: 500 }, revalidate: true }, MAX_PAGES));
    const snapshot = publicSnapshot(
      {
        supplierIds: (key.scope.suppliers ?? []).map((s) => s.id),
        products: products as Record<string, unknown>[],
        inventory: inventory as Record<string, unknown>[],
        promotions: promotions as Record<string, unknown>[],
        locations: locations as Record<string, unknown>[],
      },
      new Date(now()).toISOString(),
    );
    await deps.shared.set(snapshotKey(keyId), Buffer.from(JSON.stringify(snapshot)), KEEP_MS);
    local.set(keyId, { snapshot, readAt: now() });
    return snapshot;
  }

  /**
   * A refresh, when this instance takes the key's lock of this 15-minute slot (named by the slot, so it holds on the
   * server's clock whatever the store's), and the snapshot it then finds in the shared store is still 15 minutes old
   * (another instance may have just refreshed it).
   */
  async function refresh(workspaceId: string, keyId: string): Promise<MenuSnapshot | undefined> {
    const slot = Math.floor(now() / REFRESH_MS);
    if (!(await deps.shared.set(lockKey(keyId, slot), Buffer.from("1"), 2 * REFRESH_MS, { onlyIfAbsent: true })))
      return undefined;
    local.delete(keyId);
    const current = await stored(keyId);
    if (current && now() - Date.parse(current.madeAt) < REFRESH_MS) return current;
    return read(workspaceId, keyId);
  }

  /** One refresh per key at a time on this instance: a burst of first views waits for the same one. */
  function refreshOnce(workspaceId: string, keyId: string): Promise<MenuSnapshot | undefined> {
    const current = running.get(keyId);
    if (current) return current;
    const started = refresh(workspaceId, keyId).finally(() => running.delete(keyId));
    running.set(keyId, started);
    return started;
  }

  async function stored(keyId: string): Promise<MenuSnapshot | undefined> {
    const held = local.get(keyId);
    if (held && now() - held.readAt < LOCAL_MS) return held.snapshot;
    const [raw] = await deps.shared.get([snapshotKey(keyId)]);
    if (!raw) return undefined;
    const snapshot = JSON.parse(raw.toString("utf8")) as MenuSnapshot;
    local.set(keyId, { snapshot, readAt: now() });
    return snapshot;
  }

  return {
    /** The key's snapshot as the shared store holds it, however old, with no read of the API (the Menus page's choices). */
    peek: (keyId: string) => stored(keyId),
    /** Settles when this instance's refreshes under way are done (a test's, a benchmark's wait). */
    async idle(): Promise<void> {
      await Promise.allSettled([...running.values()]);
    },
    /**
     * The key's snapshot as it stands: refreshed in the background when 15 minutes old (by whichever instance takes the
     * lock), waited for only when there is none yet. Undefined when there is none and none could be read now.
     */
    async snapshot(workspaceId: string, keyId: string): Promise<MenuSnapshot | undefined> {
      const current = await stored(keyId);
      if (current && now() - Date.parse(current.madeAt) < REFRESH_MS) return current;
      const refreshing = refreshOnce(workspaceId, keyId);
      if (!current) return refreshing.catch(() => undefined);
      refreshing.catch((error: unknown) =>
        log().warn(
          { keyId, error: error instanceof Error ? error.message : String(error) },
          "menu snapshot: refresh failed (the last one is served)",
        ),
      );
      return current;
    },
  };
}

export type MenuSnapshots = ReturnType<typeof createMenuSnapshots>;
