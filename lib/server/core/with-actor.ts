import "server-only";
import type { Permission } from "@/lib/session/roles";
import { may } from "@/lib/session/roles";
import type { Actor } from "./auth/actor";
import { demoFixedPermission, isDemoPerson } from "./auth/demo";
import { failureAnswer } from "./route-errors";
import { isSameOrigin, isWrite } from "./same-origin";
import { refusalFor } from "./define-route";

/**
 * What a route handler needs of who is asking before it runs:
 * - `signed-in`: a person signed in (401 otherwise);
 * - `workspace`: working in a workspace they are a member of (403 `NO_WORKSPACE` otherwise), and may read its data
 *   (403 `TWO_FACTOR_REQUIRED` while the workspace requires two factors the person lacks);
 * - `key`: and a Data API key to work with there (409 `NO_KEY` when it holds none).
 */
export type ActorNeed = "signed-in" | "workspace" | "key";

type WithWorkspace = Actor & Required<Pick<Actor, "workspace" | "membership">>;
/** What a handler is given for each need. */
export interface ActorFor {
  "signed-in": Actor;
  workspace: WithWorkspace;
  key: WithWorkspace & Required<Pick<Actor, "key">>;
}

/** The resolver a handler's backend holds. */
export interface ActorDeps {
  actors: { resolve(headers: Headers): Promise<Actor | undefined> };
}

/**
 * Wraps a route handler in the checks every one makes first, answered from `ROUTE_FAILURES` in the API's error shape:
 * a write (anything but GET, HEAD, OPTIONS) must come from Backroom's own pages (403 `cross-site`); then who is asking
 * is resolved (`auth/actor.ts`, the one resolver of every route and page) and checked against `need`, and against the
 * role's `permission` when one is given (403 `FORBIDDEN_BY_ROLE`). The handler gets the actor, then the wrapper's own
 * arguments, the backend last.
 *
 * @example
 * export const addKey = withActor("workspace", { keys: ["manage"] }, async (request, actor, deps: KeyDeps) => ...);
 */
export function withActor<N extends ActorNeed, A extends [...unknown[], ActorDeps]>(
  need: N,
  permission: Permission | undefined,
  handler: (request: Request, actor: ActorFor[N], ...args: A) => Promise<Response>,
): (request: Request, ...args: A) => Promise<Response> {
  return async (request, ...args) => {
    if (isWrite(request.method) && !isSameOrigin(request)) return failureAnswer("cross-site");
    const { actors } = args[args.length - 1] as ActorDeps;
    const actor = await actors.resolve(request.headers);
    const refused = refusalFor(actor, need);
    if (refused) return failureAnswer(refused);
    if (permission && !may(actor!.membership?.role, permission)) return failureAnswer("forbidden-by-role");
    if (isWrite(request.method) && demoFixedPermission(permission) && isDemoPerson(actor!.person.email))
      return failureAnswer("demo-shared");
    return handler(request, actor as ActorFor[N], ...args);
  };
}

export { refusalFor };
