import "server-only";
import { failureAnswer } from "./route-errors";
import { isSameOrigin, isWrite } from "./same-origin";
import type { SessionStore, SessionView, StoredKeyInfo } from "./session";
import { readSessionId } from "./session-cookie";

/**
 * What a session route handler needs of the caller's session before it runs:
 * - `cookie`: only the session id the cookie holds, if any (connecting, switching keys, removing one, signing out:
 *   each answers for a missing session in its own way, 404 or 204);
 * - `session`: a live session (401 otherwise);
 * - `active-key`: a live session with an active key (401 otherwise).
 */
export type SessionNeed = "cookie" | "session" | "active-key";

/** What a handler is given for each need. */
export interface SessionFor {
  cookie: { sessionId: string | undefined };
  session: { sessionId: string; view: SessionView };
  "active-key": { sessionId: string; view: SessionView; key: StoredKeyInfo };
}

/**
 * Wraps a session route handler (`/api/session`, `/api/session/...`, `/api/audit`) in the checks every one of them makes
 * first, answered from `ROUTE_FAILURES` in the API's error shape (private, no-store, with an X-Request-Id):
 * - a write (anything but GET, HEAD, OPTIONS) must come from Backroom's own pages: 403 `cross-site` otherwise;
 * - the session id is read from the cookie and, for `session` and `active-key`, looked up in the store (its last
 *   argument's `store`): 401 `not-connected` without a live session or an active key.
 * The handler is given what it needs (`SessionFor`), then the wrapper's own arguments, the backend last.
 *
 * @example
 * export const describe = withSession("session", async (_request, { view }, deps: SessionDeps) => json(await sessionJson(view, deps)));
 * // GET without a session: 401 {"Error":"Not connected: connect an API key at /connect"}
 */
export function withSession<N extends SessionNeed, A extends [...unknown[], { store: SessionStore }]>(
  need: N,
  handler: (request: Request, session: SessionFor[N], ...args: A) => Promise<Response>,
): (request: Request, ...args: A) => Promise<Response> {
  return async (request, ...args) => {
    if (isWrite(request.method) && !isSameOrigin(request)) return failureAnswer("cross-site");
    const sessionId = readSessionId(request);
    if (need === "cookie") return handler(request, { sessionId } as SessionFor[N], ...args);
    const { store } = args[args.length - 1] as { store: SessionStore };
    const view = sessionId ? await store.view(sessionId) : undefined;
    const key = view?.keys.find((k) => k.id === view.activeKeyId);
    if (!sessionId || !view || (need === "active-key" && !key)) return failureAnswer("not-connected");
    return handler(request, { sessionId, view, key } as SessionFor[N], ...args);
  };
}
