import "server-only";
import { failureAnswer } from "../route-errors";
import { AUTH_BASE_PATH, type Auth } from "./auth";
import { openAuthEndpoint } from "./auth-endpoints";

export interface AuthRouteDeps {
  auth: Pick<Auth, "handler">;
}

/**
 * `/api/auth/*`: the accounts library's endpoints that Backroom's pages call (`AUTH_ENDPOINTS`), and nothing else,
 * which answers 404 in the API's error shape before the library sees it. A path holding a percent-escape is refused
 * too: no open endpoint needs one, and the library might read an escaped slash as a way into a closed one. A single
 * sign-on that failed before it knew where to send the person back goes to the library's `/error`: it is sent to the
 * sign-in page instead, which says so.
 *
 * @example
 * async ({ request }, deps) => authRoute(request, deps); // the handler of auth-door.ts's defineRoute
 */
export async function authRoute(request: Request, deps: AuthRouteDeps): Promise<Response> {
  const url = new URL(request.url);
  const path = url.pathname.startsWith(`${AUTH_BASE_PATH}/`) ? url.pathname.slice(AUTH_BASE_PATH.length) : "";
  if (path === "/error" && request.method === "GET")
    return new Response(null, { status: 303, headers: { Location: "/sign-in?sso=failed" } });
  if (!path || path.includes("%") || !openAuthEndpoint(path, request.method)) return failureAnswer("not-found");
  return deps.auth.handler(request);
}
