import "server-only";
import { ROUTE_FAILURES } from "../route-errors";
import { isSameOrigin, isWrite } from "../same-origin";
import { answer } from "./context";

/**
 * The origin stage, first of all: a write (anything but GET, HEAD, OPTIONS) must come from Backroom's own pages. A
 * cross-site one is refused 403 before anyone is resolved, so no key is known and it is in no audit trail.
 *
 * @example
 * const refused = crossSiteRefusal(request, requestId); // Response (403) or undefined
 */
export function crossSiteRefusal(request: Request, requestId: string): Response | undefined {
  if (!isWrite(request.method) || isSameOrigin(request)) return undefined;
  const { status, text } = ROUTE_FAILURES["cross-site"];
  return answer({ Error: text() }, status, { "X-Request-Id": requestId });
}
