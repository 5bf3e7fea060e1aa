import "server-only";
import * as z from "zod";
import type { RequestLogJson, RequestLogRow } from "@/lib/session/request-log-view";
import type { RequestLog } from "./request-log";
import { defineRoute, type RouteDeps } from "./define-route";

/** What `GET /api/session/requests` needs from the backend. */
export interface RequestLogDeps extends RouteDeps {
  requestLog: RequestLog;
}

/** Rows answered when `?limit=` is not given; at most `MAX_ENTRIES_PER_KEY` (200) may be asked for. */
export const DEFAULT_REQUEST_LIMIT = 100;
const Limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(200)
  .describe(`How many requests, from 1 to 200 (${DEFAULT_REQUEST_LIMIT} when not given).`);

/** One logged request (`RequestLogRow`): never the key, nor a body. */
const RequestLogRowAnswer = z.object({
  keyId: z.string().describe("The id of the workspace's key that made it."),
  label: z.string().describe("That key's label."),
  environment: z.enum(["production", "test"]),
  at: z.string().describe("When the request reached the proxy, ISO 8601 UTC."),
  method: z.string(),
  path: z
    .string()
    .describe(
      "`/api/{version}/...` with the path's values filled, and the query as the browser sent it (at most 500 characters).",
    ),
  operation: z
    .string()
    .nullable()
    .describe("The Data API operation's id, or null when the path or method matched none."),
  status: z.number(),
  durationMs: z.number().describe("From the request reaching the proxy to its answer's headers, in ms (1 decimal)."),
  requestId: z.string().describe("The X-Request-Id the browser got back."),
  source: z
    .enum(["upstream", "cache", "revalidated", "stale", "refused"])
    .describe(
      "How the proxy answered: `upstream` (the Data API was called), `cache` (a fresh cached copy), `revalidated` (the " +
        "API answered 304 to the cached copy's ETag), `stale` (the last-known copy, the API having failed), `refused` " +
        "(by the proxy, before anything went upstream).",
    ),
  by: z
    .enum(["follow-up", "watch", "report", "sync"])
    .optional()
    .describe(
      "Made by Backroom for the workspace, not by a person's page: a write's follow-up, a watch, a report, a sync.",
    ),
});

/** `GET /api/session/requests` (`RequestLogJson`). */
export const RequestLogAnswer = z.object({
  requests: z.array(RequestLogRowAnswer),
}) satisfies z.ZodType<RequestLogJson>;

export const listRequests = defineRoute(
  {
    method: "GET",
    path: "/api/session/requests",
    summary: "The recent requests made with the workspace's keys, newest first (the Requests page).",
    description:
      "By any of the workspace's members (a key's hour is theirs together), each with its key's id, label and " +
      "environment, never the key. A visitor of the shared demo lists only what their own pages asked. Always " +
      "`private, no-store`.",
    answer: RequestLogAnswer,
    need: "workspace",
    query: z.object({ limit: Limit.optional() }).transform(({ limit }) => limit ?? DEFAULT_REQUEST_LIMIT),
    invalid: "limit must be an integer from 1 to 200",
  },
  async ({ actor, query: limit }, deps: RequestLogDeps) => {
    const keys = new Map(actor.workspace.keys.map((key) => [key.id, key]));
    // A visitor of the shared demo lists what their own pages asked, nothing another visitor browsed.
    const requests = (await deps.requestLog.recent([...keys.keys()], limit))
      .filter((entry) => !actor.visitor || entry.visitor === actor.visitor)
      .map(({ keyId, visitor: _, ...entry }): RequestLogRow => {
        const key = keys.get(keyId)!;
        return { keyId, label: key.label, environment: key.environment, ...entry };
      });
    return { requests } satisfies RequestLogJson;
  },
);
