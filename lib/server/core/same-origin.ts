import "server-only";
import { publicHost } from "./public-origin";

/**
 * Whether a request comes from Backroom's own pages: `Sec-Fetch-Site: same-origin` where the browser sends it (all
 * current ones do), otherwise an `Origin` naming this host. Anything else (another site, a form posted from elsewhere,
 * a request with neither header) is refused before it reaches the session or the API: the session cookie alone never
 * authorizes a write.
 *
 * @example
 * if (isWrite(request.method) && !isSameOrigin(request)) return failureAnswer("cross-site"); // 403, as define-route.ts does
 */
export function isSameOrigin(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site) return site === "same-origin";
  const origin = request.headers.get("origin");
  const host = publicHost(request);
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** Methods that change something and so must pass `isSameOrigin`. */
export function isWrite(method: string): boolean {
  return !["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase());
}
