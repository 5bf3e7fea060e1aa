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
const Limit = z.coerce.number().int().min(1).max(200);

/**
 * `GET /api/session/requests?limit=`: the recent requests made with the workspace's keys (by any of its members: the
 * key's hour is theirs together), newest first, each with its key's id, label and environment (never the key). 401
 * without a session, 403 outside a workspace (define-route.ts), 400 when `limit` is not an integer from 1 to 200
 * (default 100). Always `private, no-store`.
 *
 * @example
 * export const GET = async (request: Request) => listRequests(request, await backend());
 * // 200 {"requests":[{"keyId":"k1","label":"Acme (Customer)","environment":"test","at":"2026-11-21T18:00:00.000Z",
 * //   "method":"GET","path":"/api/v1/invoices?Statuses=1,7","operation":"listInvoices","status":200,
 * //   "durationMs":41.2,"requestId":"3f...","source":"upstream"}]}
 */
export const listRequests = defineRoute(
  {
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
