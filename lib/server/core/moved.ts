import "server-only";
import { defineRoute, type HttpMethod } from "./define-route";
import { NO_STORE } from "./route-errors";

/**
 * The release whose renamed addresses still answer at their old ones: `CHANGELOG.md` lists them, and the release after
 * it removes these routes (their files under `app/api/` and their lines in `lib/server/routes.ts`).
 */
export const MOVED_IN = "2026-11-28";

/**
 * A route's old address, kept for one release after it was renamed to its feature's: `308 Permanent Redirect` to the
 * new one, its query kept, so a script or bookmark that used it goes on working (a 308 keeps the method and body).
 *
 * @example
 * export const movedAudit = movedRoute("GET", "/api/audit", "/api/activity");
 */
export function movedRoute(method: HttpMethod, from: string, to: string) {
  return defineRoute(
    {
      method,
      path: from,
      summary: `Moved to \`${to}\` (${MOVED_IN}): answers 308 to it, with the query, for one release.`,
      description: `Renamed so that its address begins with its feature's name. Ask \`${to}\` instead.`,
      deprecated: true,
      status: 308,
      need: "anyone",
      crossSite: "allowed",
    },
    async ({ request }) => {
      const { search } = new URL(request.url);
      return new Response(null, { status: 308, headers: { ...NO_STORE, Location: `${to}${search}` } });
    },
  );
}
