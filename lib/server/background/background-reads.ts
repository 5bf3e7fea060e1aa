import "server-only";
import { createDataApiClient, type DataApiClient } from "@/lib/data-api/client";
import type { Version } from "@/lib/data-api/operation";
import type { Actor } from "../auth/actor";
import { proxyRequest, type ProxyDeps } from "../proxy";
import type { RateLimitFigures } from "../rate-limit-book";
import type { ActiveKey } from "../session";
import type { SharedStore } from "../shared/shared-store";

/**
 * Backroom's own reads for a workspace's key, with nobody's tab open (a write's follow-up, a watch for notifications,
 * a scheduled report): through the same proxy as a page's reads (its cache, its rate-limit book, its audit trail's
 * outcomes), as a viewer (the role stage lets it read and nothing else), within a budget that puts people first:
 * all background work of a key spends at most `BACKGROUND_SHARE` of its hourly limit (the syncs of the insights'
 * history and of the collections' snapshot at most `SYNC_SHARE` of it), counted in the shared store for every instance, and waits while less than `YIELD_SHARE` of the
 * limit is left.
 */

/** Why Backroom reads in the background: the request log says so next to each of these requests. */
export type BackgroundPurpose = "follow-up" | "watch" | "report" | "sync";

/** Background work may spend this share of a key's hourly limit, and waits while less than `YIELD_SHARE` is left. */
export const BACKGROUND_SHARE = 0.1;
export const YIELD_SHARE = 0.2;
/**
 * Of the background's share, what the syncs (`sync`: the insights' history and the collections' snapshot, bulk work
 * of hours: a distributor's year is some hundreds of requests) may spend, so that a follow-up, a watch or a report, which someone is waiting on, always finds the rest
 * (3 % of the hour, about 30 requests: the three demo workspaces' follow-ups and watches need 19 in their first hour).
 */
export const SYNC_SHARE = 0.07;
/** The live service's hourly limit (about 1,000), assumed until the API has told a key's own (`RateLimit-Limit`). */
const ASSUMED_LIMIT = 1000;

export interface BackgroundReads {
  /**
   * Seconds to wait before reading for this key (people go first: under a fifth of its hour is left, as the proxy last
   * noted), or undefined when it may read now. After `read` answered undefined: the seconds to the next hour.
   */
  wait(): number | undefined;
  /**
   * One GET through the proxy (`path` with its query, after the version: "/invoices?PageSize=500"); answers undefined,
   * without reading, when this hour's background share of the key is spent (`wait()` then says until when). `headers`
   * go with it as a page's would (`Cache-Control: no-cache`: the API's current answer, not the proxy's copy).
   */
  read(version: Version, path: string, headers?: Record<string, string>): Promise<Response | undefined>;
}

export interface BackgroundDeps {
  proxy: ProxyDeps;
  /** Where the background's spending per key and hour is counted (shared by the instances). */
  shared: SharedStore;
  now?: () => number;
}

/**
 * Who a background read is made as: nobody signed in, the workspace's key, and the viewer's role.
 */
function backgroundActor(workspaceId: string, key: ActiveKey, purpose: BackgroundPurpose, now: number): Actor {
  return {
    person: { id: `backroom:${purpose}`, email: "", name: "Backroom", twoFactorEnabled: true },
    session: { id: `${purpose}:${key.id}`, createdAt: new Date(now).toISOString() },
    workspace: { id: workspaceId, name: "", slug: "", requireTwoFactor: false, keys: [] },
    membership: { id: purpose, role: "viewer", salesRepUserId: null },
    needsTwoFactor: false,
    key,
  };
}

/**
 * @example
 * const background = createBackground({ proxy: backend, shared });
 * const reads = await background.open(workspaceId, key, "watch");
 * if (reads.wait() !== undefined) return requeue(reads.wait());
 * const response = await reads.read("v1", "/invoices?PageSize=500");
 */
export function createBackground(deps: BackgroundDeps) {
  const now = deps.now ?? Date.now;

  /** Seconds until the key may be read in the background again when people should go first; else undefined. */
  function yieldFor(figures: RateLimitFigures | undefined): number | undefined {
    if (!figures || figures.remaining >= figures.limit * YIELD_SHARE) return undefined;
    return Math.max(1, Math.ceil((Date.parse(figures.resetsAt) - now()) / 1000) + 1);
  }

  return {
    async open(workspaceId: string, key: ActiveKey, purpose: BackgroundPurpose): Promise<BackgroundReads> {
      // The key's figures as the proxy last noted them, read once for this piece of work (its own reads note newer ones).
      const [figures] = await deps.proxy.rateLimits.get([key.fingerprint]);
      let waitSeconds = yieldFor(figures);
      const actor = backgroundActor(workspaceId, key, purpose, now());
      const proxy: ProxyDeps = { ...deps.proxy, actors: { resolve: async () => actor }, askedBy: purpose };
      return {
        wait: () => waitSeconds,
        async read(version, path, headers) {
          const hour = Math.floor(now() / 3_600_000);
          const limit = figures?.limit ?? ASSUMED_LIMIT;
          const spentOn = (share: number, counter: string) => deps.shared.increment(`${counter}\n${key.fingerprint}\n${hour}`, 3_600_000).then((spent) => spent > limit * share);
          // The sync's own count first (counted whether or not the whole share then allows it: an overcount, never an overspend).
          if ((purpose === "sync" && (await spentOn(SYNC_SHARE, "background-spent-sync"))) || (await spentOn(BACKGROUND_SHARE, "background-spent"))) {
            waitSeconds = Math.max(1, Math.ceil(((hour + 1) * 3_600_000 - now()) / 1000));
            return undefined;
          }
          const segments = path.split("?")[0]!.split("/").filter(Boolean);
          return proxyRequest(new Request(`http://backroom.internal/api/${version}${path}`, { headers }), version, segments, proxy);
        },
      };
    },
  };
}

export type Background = ReturnType<typeof createBackground>;

/** Work put off: the key's background share is spent, people need its budget, or a pacer would wait for the window. */
export class Deferred extends Error {
  constructor(readonly seconds: number) {
    super(`deferred ${seconds} s`);
  }
}

/**
 * The Deferred behind an error (the typed client wraps what its fetch throws as a network error).
 *
 * @example
 * const deferred = deferredIn(error); if (deferred) requeue(deferred.seconds);
 */
export function deferredIn(error: unknown): Deferred | undefined {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) if (e instanceof Deferred) return e;
  return undefined;
}

/**
 * A Data API client whose requests are background reads: the same typed client the pages use, so a scheduled report
 * or a mailed statement reads and parses exactly what its page does. A read the background may not make throws
 * `Deferred` (see `deferredIn`).
 *
 * @example
 * const api = backgroundClient(await background.open(workspaceId, key, "report"));
 * const { records } = await api.listStates();
 */
export function backgroundClient(reads: BackgroundReads): DataApiClient {
  return createDataApiClient({
    baseUrl: "http://backroom.internal/api/v1",
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const [, , version, ...rest] = url.pathname.split("/");
      // The client's own headers go with it (`Cache-Control`: a revalidation, or no last-known copy for a document).
      const response = await reads.read(version as Version, `/${rest.join("/")}${url.search}`, Object.fromEntries(new Headers(init?.headers)));
      if (!response) throw new Deferred(reads.wait() ?? 3600);
      return response;
    },
  });
}

/** How often a scheduled run is put off for the key's budget before it is dropped (about two days of hourly waits). */
export const MAX_DEFERRALS = 48;

/**
 * A scheduled run's reads (a report's CSV, a month's statements) within the background's budget: the work's result;
 * or, when the key's budget must wait, undefined, the run queued again for then (`defer`) up to `MAX_DEFERRALS` times
 * and dropped after, saying so (`record`); or any other failure recorded and rethrown (the job's backoff tries again).
 *
 * @example
 * const made = await whenBudgetAllows(reads, () => viewCsv(reads, path, zone), { deferrals: job.deferrals, defer, record });
 * if (made === undefined) return;
 */
export async function whenBudgetAllows<T>(
  reads: BackgroundReads,
  work: () => Promise<T>,
  run: { deferrals?: number; defer: (deferrals: number, seconds: number) => Promise<unknown>; record: (error: string) => Promise<void> },
): Promise<T | undefined> {
  try {
    const wait = reads.wait();
    if (wait !== undefined) throw new Deferred(wait);
    return await work();
  } catch (error) {
    const deferred = deferredIn(error);
    if (!deferred) {
      await run.record(error instanceof Error ? error.message : String(error));
      throw error;
    }
    const deferrals = (run.deferrals ?? 0) + 1;
    if (deferrals <= MAX_DEFERRALS) await run.defer(deferrals, deferred.seconds);
    else await run.record("The key's background budget stayed spent for two days: this run was skipped.");
    return undefined;
  }
}
