import "server-only";
import * as z from "zod";
import type { SandboxCheck } from "@/lib/session/session-view";
import { isDraining } from "./lifecycle";

/** One dependency's state: working, not configured, or configured and not answering. */
export type CheckState = "ok" | "off" | "unavailable";

/** The body of `GET /api/ready`. */
export interface Readiness {
  /**
   * `ok`; `degraded` (the cache or the job queue is away: serving, uncached or without background work; or the embedded
   * sandbox is not serving yet); `unavailable` (no database); `stopping` (SIGTERM).
   */
  status: "ok" | "degraded" | "unavailable" | "stopping";
  checks: { database: CheckState; cache: CheckState; jobs: CheckState; sandbox: SandboxCheck };
}

const CHECK = z.enum(["ok", "off", "unavailable"]);

/** `GET /api/ready`'s body (`Readiness`). */
export const ReadinessAnswer = z.object({
  status: z
    .enum(["ok", "degraded", "unavailable", "stopping"])
    .describe(
      "`ok`; `degraded`: serving, with the cache or the job queue away (uncached, or background work waiting in the " +
        "queue) or the embedded sandbox not serving yet; `unavailable`: no database (503); `stopping`: SIGTERM (503).",
    ),
  checks: z.object({
    database: CHECK.describe("`ok` once the migrations have run and the database answers."),
    cache: CHECK.describe("Redis: `off` without it."),
    jobs: CHECK.describe("Whether the job queue is started and its store answers."),
    sandbox: z
      .enum(["ok", "off", "preparing", "unavailable"])
      .describe(
        "The embedded sandbox: `off` where it serves no environment, `preparing` while it opens its databases at " +
          "start, `unavailable` when its start failed (the next request to it tries again).",
      ),
  }),
}) satisfies z.ZodType<Readiness>;

export interface ReadinessDeps {
  /** "ok" once the migrations have run and the database answers; "unavailable" otherwise. */
  database(): Promise<"ok" | "unavailable">;
  /** "off" without Redis; otherwise whether it answers. */
  cache(): Promise<CheckState>;
  /** Whether the job queue is started and its store answers (`lib/server/core/jobs/`). */
  jobs(): Promise<"ok" | "unavailable">;
  /** The embedded sandbox: "off" where it serves no environment, "preparing" while it opens its databases at start. */
  sandbox(): SandboxCheck;
}

const noStore = { "Cache-Control": "no-store" };

// GET /api/health: 200 while the process serves (liveness: restart the instance when this stops answering).
export function healthResponse(): Response {
  return Response.json({ status: "ok" }, { headers: noStore });
}

/**
 * `GET /api/ready` (readiness: send traffic to the instance or not): each check `ok`, `off` or `unavailable` (the sandbox's
 * also `preparing`); 503 when the database is unavailable or its migrations have not run, or the instance is stopping;
 * 200 otherwise. A lost cache degrades the instance (it serves, uncached) without taking it out of the pool, and so does
 * a job queue that cannot take jobs (pages serve; background work waits in the queue until it can), and an embedded
 * sandbox still preparing (seconds at start: everything else serves, and a request to the sandbox waits for it) or
 * whose start failed (the next request to it tries again).
 *
 * @example
 * // 200 {"status":"degraded","checks":{"database":"ok","cache":"unavailable","jobs":"ok","sandbox":"off"}}
 */
export async function readinessResponse(deps: ReadinessDeps): Promise<Response> {
  const [database, cache, jobs] = await Promise.all([deps.database(), deps.cache(), deps.jobs()]);
  const sandbox = deps.sandbox();
  const away =
    cache === "unavailable" || jobs === "unavailable" || sandbox === "preparing" || sandbox === "unavailable";
  const status: Readiness["status"] = isDraining()
    ? "stopping"
    : database !== "ok"
      ? "unavailable"
      : away
        ? "degraded"
        : "ok";
  const body: Readiness = { status, checks: { database, cache, jobs, sandbox } };
  return Response.json(body, {
    status: status === "unavailable" || status === "stopping" ? 503 : 200,
    headers: noStore,
  });
}
