import "server-only";
import { defineRoute, type RouteDeps } from "../define-route";
import { type AuthRouteDeps, authRoute } from "./auth-route";

// GET, POST /api/auth/*: the accounts library's endpoints Backroom's pages call (`auth-endpoints.ts`), 404 for the
// rest. The library checks the origin of its own writes (its trusted origins), and a single sign-on provider posts its
// answer back from its own site: the same-origin check is the library's here.
export const authDoor = defineRoute(
  { need: "anyone", crossSite: "allowed" },
  async ({ request }, deps: RouteDeps & AuthRouteDeps) => authRoute(request, deps),
);
