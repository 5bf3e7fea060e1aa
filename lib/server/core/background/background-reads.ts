import "server-only";
import { createDataApiClient, type DataApiClient } from "@/lib/data-api/client";
import type { Version } from "@/lib/data-api/operation";
import { parseRetryAfter, parseStaleHeader, STALE_HEADER } from "@/lib/data-api/response-meta";
import type { Actor } from "../auth/actor";
import { proxyRequest, type ProxyDeps } from "../proxy";
import type { RateLimitFigures } from "../rate-limit-book";
import type { ActiveKey } from "../session";
import type { SharedStore } from "../shared/shared-store";

/**
 * Backroom's own reads for a workspace's key, with nobody's tab open (a write's follow-up, a watch for notifications, a
 * scheduled report): through the same proxy as a page's reads (its cache, its rate-limit book, its audit trail's
 * outcomes), as a viewer (the role stage lets it read and nothing else), within a budget that puts people first: all
 * background work of a key spends at most `BACKGROUND_SHARE` of its hourly limit (the syncs, a feature's walks of a
 * key's lists, at most `SYNC_SHARE` of it), counted in the shared store for every instance, and waits while less than
 * `YIELD_SHARE` of the limit is left. The syncs' bulk reads are paced besides (`SYNC_PACE_MS`: one a second at most,
 * the live service stalls under bursts), and a 429 puts any background work off for as long as its `Retry-After` says.
 */

/** Why Backroom reads in the background: the request log says so next to each of these requests. */
export type BackgroundPurpose = "follow-up" | "watch" | "report" | "sync";

/** Background work may spend this share of a key's hourly limit, and waits while less than `YIELD_SHARE` is left. */
export const BACKGROUND_SHARE = 0.1;
export const YIELD_SHARE = 0.2;
/**
 * Of the background's share, what the syncs (`sync`: a feature's walk of a key's lists, bulk work of hours: a
 * distributor's year is some hundreds of requests) may spend, so that a follow-up, a watch or a report, which someone
 * is waiting on, always finds the rest
 * (3 % of the hour, about 30 requests: the three demo workspaces' follow-ups and watches need 19 in their first hour).
 */
export const SYNC_SHARE = 0.07;
/** The live service's hourly limit (about 1,000), assumed until the API has told a key's own (`RateLimit-Limit`). */
const ASSUMED_LIMIT = 1000;
/**
 * How far apart a key's sync reads are, at least: one a second. The live service's hourly limit is not its only one: a
 * nightly client saw stalls that looked like a short-window limit, and paced itself at about one request a second.
 */
export const SYNC_PACE_MS = 1000;
/** How long a background read waits after a 429 that names no wait (no `Retry-After`, no `RateLimit-Reset`). */
const RATE_LIMITED_SECONDS = 60;

/**
 * The requests the syncs of a key may make in a clock hour: `SYNC_SHARE` of its hourly limit (the one the API last
 * told, else the live service's assumed one).
 *
 * @example
 * syncRequestsPerHour(1028); // 71
 */
export function syncRequestsPerHour(limit: number | undefined): number {
  return Math.max(1, Math.floor((limit ?? ASSUMED_LIMIT) * SYNC_SHARE));
}

export interface BackgroundReads {
  /**
   * Seconds to wait before reading for this key (people go first: under a fifth of its hour is left, as the proxy last
   * noted), or undefined when it may read now. After `read` answered undefined: the seconds to the next hour, or until
   * people's fifth is back; after a 429: its `Retry-After`.
   */
  wait(): number | undefined;
  /**
   * One GET through the proxy (`path` with its query, after the version: "/invoices?PageSize=500"); answers undefined,
   * without reading, when this hour's background share of the key is spent or people now have under a fifth of it
   * left (`wait()` then says until when). A sync's read waits its turn first (`SYNC_PACE_MS`). An answer of 429 (or the
   * proxy's last-known copy in its place) sets `wait()` to its `Retry-After`. `headers` go with it as a page's would
   * (`Cache-Control: no-cache`: the API's current answer, not the proxy's copy).
   */
  read(version: Version, path: string, headers?: Record<string, string>): Promise<Response | undefined>;
}

export interface BackgroundDeps {
  proxy: ProxyDeps;
  /** Where the background's spending per key and hour is counted (shared by the instances). */
  shared: SharedStore;
  now?: () => number;
  /** How far apart a key's sync reads are at least (SYNC_PACE_MS; default one a second, 0: unpaced). */
  paceMs?: number;
  /** Waits `ms` (a test's clock moves instead). */
  sleep?: (ms: number) => Promise<void>;
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
  const paceMs = deps.paceMs ?? SYNC_PACE_MS;
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /** Seconds until the key may be read in the background again when people should go first; else undefined. */
  function yieldFor(figures: RateLimitFigures | undefined): number | undefined {
    // Figures of a window that has reset since say nothing of the new one.
    if (!figures || figures.remaining >= figures.limit * YIELD_SHARE || Date.parse(figures.resetsAt) <= now())
      return undefined;
    return Math.max(1, Math.ceil((Date.parse(figures.resetsAt) - now()) / 1000) + 1);
  }

  /**
   * A sync's turn to read: the first free slot of `paceMs` (one per key, counted in the shared store, so two syncs of
   * one key on two instances take turns), waited for when it has not begun.
   */
  async function paced(fingerprint: string): Promise<void> {
    if (paceMs <= 0) return;
    const first = Math.floor(now() / paceMs);
    for (let slot = first; slot < first + 60; slot++) {
      if ((await deps.shared.increment(`background-pace\n${fingerprint}\n${slot}`, (slot - first + 2) * paceMs)) > 1)
        continue;
      const wait = slot * paceMs - now();
      if (wait > 0) await sleep(wait);
      return;
    }
  }

  /** Seconds a 429 (or the last-known copy served for one) says to wait; undefined for any other answer. */
  function rateLimited(response: Response): number | undefined {
    const stale = parseStaleHeader(response.headers.get(STALE_HEADER));
    if (response.status !== 429 && stale?.reason !== "rate-limited") return undefined;
    const until = stale?.until ? Math.ceil((Date.parse(stale.until) - now()) / 1000) : undefined;
    const reset = /^\s*\d+\s*$/.test(response.headers.get("RateLimit-Reset") ?? "")
      ? Number(response.headers.get("RateLimit-Reset"))
      : undefined;
    return Math.max(
      1,
      parseRetryAfter(response.headers.get("Retry-After"), now()) ?? until ?? reset ?? RATE_LIMITED_SECONDS,
    );
  }

  return {
    /**
     * The pace a key's syncs read at, for an estimate of their time: the requests of its hourly share (as the API last
     * told its limit) and the milliseconds a request takes at least (the pace; a second where it is unpaced).
     */
    async syncPace(fingerprint: string): Promise<{ perHour: number; requestMs: number }> {
      const [figures] = await deps.proxy.rateLimits.get([fingerprint]);
      return { perHour: syncRequestsPerHour(figures?.limit), requestMs: paceMs > 0 ? paceMs : 1000 };
    },

    async open(workspaceId: string, key: ActiveKey, purpose: BackgroundPurpose): Promise<BackgroundReads> {
      // The key's figures as the proxy last noted them, read once for this piece of work (its own reads note newer ones).
      const [figures] = await deps.proxy.rateLimits.get([key.fingerprint]);
      let waitSeconds = yieldFor(figures);
      const actor = backgroundActor(workspaceId, key, purpose, now());
      const proxy: ProxyDeps = { ...deps.proxy, actors: { resolve: async () => actor }, askedBy: purpose };
      let reads = 0;
      let latest = figures;
      return {
        wait: () => waitSeconds,
        async read(version, path, headers) {
          // People go first for the whole piece of work, not only at its start, and the share is of the limit the API
          // told last (a new key's first answer tells its own): the figures as the proxy noted them since.
          if (reads++ > 0) {
            const [current] = await deps.proxy.rateLimits.get([key.fingerprint]);
            latest = current ?? latest;
            const yielding = yieldFor(current);
            if (yielding !== undefined) {
              waitSeconds = yielding;
              return undefined;
            }
          }
          const hour = Math.floor(now() / 3_600_000);
          const limit = latest?.limit ?? ASSUMED_LIMIT;
          const spentOn = (share: number, counter: string) =>
            deps.shared
              .increment(`${counter}\n${key.fingerprint}\n${hour}`, 3_600_000)
              .then((spent) => spent > limit * share);
          // The sync's own count first (counted whether or not the whole share then allows it: an overcount, never an overspend).
          if (
            (purpose === "sync" && (await spentOn(SYNC_SHARE, "background-spent-sync"))) ||
            (await spentOn(BACKGROUND_SHARE, "background-spent"))
          ) {
            waitSeconds = Math.max(1, Math.ceil(((hour + 1) * 3_600_000 - now()) / 1000));
            return undefined;
          }
          if (purpose === "sync") await paced(key.fingerprint);
          const segments = path.split("?")[0]!.split("/").filter(Boolean);
          const response = await proxyRequest(
            new Request(`http://backroom.internal/api/${version}${path}`, { headers }),
            version,
            segments,
            proxy,
          );
          waitSeconds = rateLimited(response) ?? waitSeconds;
          return response;
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
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++)
    if (e instanceof Deferred) return e;
  return undefined;
}

/**
 * A Data API client whose requests are background reads: the same typed client the pages use, so a scheduled mail
 * reads and parses exactly what its page does. A read the background may not make throws
 * `Deferred` (see `deferredIn`).
 *
 * @example
 * const api = backgroundClient(await background.open(workspaceId, key, "report"));
 * const { records } = await api.listStates();
 * // A matcher that must see a write made seconds ago revalidates past the proxy's fresh copies:
 * backgroundClient(reads, { "Cache-Control": "no-cache" });
 */
export function backgroundClient(reads: BackgroundReads, headers?: Record<string, string>): DataApiClient {
  return createDataApiClient({
    baseUrl: "http://backroom.internal/api/v1",
    fetch: async (input, init) => {
      const url = new URL(input instanceof Request ? input.url : String(input));
      const [, , version, ...rest] = url.pathname.split("/");
      // The client's own headers go with it (`Cache-Control`: a revalidation, or no last-known copy for a document).
      const response = await reads.read(version as Version, `/${rest.join("/")}${url.search}`, {
        ...Object.fromEntries(new Headers(init?.headers)),
        ...headers,
      });
      if (!response) throw new Deferred(reads.wait() ?? 3600);
      return response;
    },
  });
}

/** How often a scheduled run is put off for the key's budget before it is dropped (about two days of hourly waits). */
export const MAX_DEFERRALS = 48;

/**
 * A scheduled run's reads (what a scheduled mail attaches) within the background's budget: the work's result;
 * or, when the key's budget must wait, undefined, the run queued again for then (`defer`) up to `MAX_DEFERRALS` times
 * and dropped after, saying so (`record`); or any other failure recorded and rethrown (the job's backoff tries again).
 *
 * @example
 * const made = await whenBudgetAllows(reads, () => makeAttachment(reads), { deferrals: job.deferrals, defer, record });
 * if (made === undefined) return;
 */
export async function whenBudgetAllows<T>(
  reads: BackgroundReads,
  work: () => Promise<T>,
  run: {
    deferrals?: number;
    defer: (deferrals: number, seconds: number) => Promise<unknown>;
    record: (error: string) => Promise<void>;
  },
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
