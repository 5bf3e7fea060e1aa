import "server-only";
import type { Actor } from "../auth/actor";
import { failureAnswer, isUnavailable, unavailableAnswer } from "../route-errors";
import { refusalFor } from "../define-route";
import type { Asking, ProxyDeps } from "./context";

/**
 * The actor stage: who is asking (`auth/actor.ts`, the resolver every route and page uses). Signed in, working in a
 * workspace they are a member of, with the two factors it requires, and a key there; otherwise Backroom's refusal
 * (401 NOT_SIGNED_IN, 403 NO_WORKSPACE or TWO_FACTOR_REQUIRED, 409 NO_KEY). A session store that does not answer is
 * the 503 of route-errors, told to the telemetry; any other throw is a bug, left to the route's answerFailures.
 *
 * @example
 * const who = await resolveAsking(request, deps, requestId);
 * if ("refused" in who) return who.refused;
 */
export async function resolveAsking(
  request: Request,
  deps: Pick<ProxyDeps, "actors" | "telemetry">,
  requestId: string,
): Promise<{ actor: Asking } | { refused: Response }> {
  let actor: Actor | undefined;
  try {
    actor = await deps.actors.resolve(request.headers);
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    deps.telemetry?.failed("session store unavailable", error, requestId);
    return { refused: unavailableAnswer(requestId) };
  }
  const refused = refusalFor(actor, "key");
  if (refused) return { refused: failureAnswer(refused, requestId) };
  return { actor: actor as Asking };
}
