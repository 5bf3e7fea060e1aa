import "server-only";

/**
 * What the process's HTTP server (`scripts/serve.mjs`, plain JavaScript outside Next's bundle) and the app share, on
 * `globalThis` under `Symbol.for` names (the same names are spelled in serve.mjs):
 * - `backroom.draining`: set by the server on SIGTERM; `/api/ready` then answers 503 so a load balancer stops sending;
 * - `backroom.shutdown`: set here once the backend exists; the server calls it after the last request, to stop the job
 *   queue (its jobs in flight given a few seconds) and close the database pool and the Redis connections.
 */
const DRAINING = Symbol.for("backroom.draining");
const SHUTDOWN = Symbol.for("backroom.shutdown");

type Lifecycle = typeof globalThis & { [DRAINING]?: boolean; [SHUTDOWN]?: () => Promise<void> };

/** Whether the instance is stopping (SIGTERM received): finishing its requests, taking no new ones. */
export function isDraining(): boolean {
  return (globalThis as Lifecycle)[DRAINING] === true;
}

/** Registers what closes the instance's pools and connections at shutdown. */
export function onShutdown(close: () => Promise<void>): void {
  (globalThis as Lifecycle)[SHUTDOWN] = close;
}

/**
 * Whether this process is `next build` (Next's own `NEXT_PHASE`, as `instrumentation.ts` reads `NEXT_RUNTIME`): nothing
 * long-lived (the job queue's polling) starts in the middle of a build.
 */
export function isBuilding(): boolean {
  return process.env.NEXT_PHASE === "phase-production-build";
}
