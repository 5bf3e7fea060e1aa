import "server-only";
import { defineRoute, type RouteDeps } from "../define-route";
import { AUTH_ENDPOINTS } from "./auth-endpoints";
import { type AuthRouteDeps, authRoute } from "./auth-route";

/** The open endpoints, one line each, from `AUTH_ENDPOINTS`: what the description lists. */
const OPEN_ENDPOINTS = Object.entries(AUTH_ENDPOINTS)
  .map(
    ([path, endpoint]) =>
      `- ${endpoint.methods.join(", ")} \`/api/auth${path.replace(/:(\w+)/g, "{$1}")}\`: ${endpoint.usedBy}${
        endpoint.demo === "fixed" ? " (403 `DEMO_SHARED` for the shared demo's person)" : ""
      }.`,
  )
  .join("\n");

// The library checks the origin of its own writes (its trusted origins), and a single sign-on provider posts its
// answer back from its own site: the same-origin check is the library's here.
export const authDoor = defineRoute(
  {
    method: ["GET", "POST"],
    path: "/api/auth/{all}",
    summary:
      "The accounts library's endpoints that Backroom's pages call: sign-up, sign-in, sign-out, the session, address " +
      "confirmation, password reset, two factors, passkeys, the single sign-on callback.",
    description: [
      "`{all}` is the library's path. Only these answer, each with the accounts library's own answer (better-auth);",
      "every other path, and any path holding a percent-escape, answers 404 before the library sees it, so a",
      "workspace, its members and its invitations change only through Backroom's routes. A single sign-on that failed",
      "before it knew where to send the person back (`GET /api/auth/error`) is sent to the sign-in page (303",
      "`/sign-in?sso=failed`), which says so. Each endpoint, and the page of Backroom's that calls it:",
      "",
      OPEN_ENDPOINTS,
    ].join("\n"),
    answer: { mediaType: "application/json", description: "The accounts library's own answer for that endpoint." },
    need: "anyone",
    crossSite: "allowed",
  },
  async ({ request }, deps: RouteDeps & AuthRouteDeps) => authRoute(request, deps),
);
