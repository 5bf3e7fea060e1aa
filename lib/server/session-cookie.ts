import "server-only";
import { isHttps } from "./public-origin";

const SECURE_NAME = "__Host-backroom_session";
const PLAIN_NAME = "backroom_session";

export { isHttps } from "./public-origin";

const SESSION_ID = /^[A-Za-z0-9_-]{20,200}$/;

/**
 * The session id among the cookies, one rule for route handlers and pages: over HTTPS only the `__Host-` cookie
 * counts (a plain-named one could have been planted over HTTP or by a sibling subdomain, which is what the prefix
 * prevents); over plain HTTP, the plain one.
 */
function pick(get: (name: string) => string | undefined, https: boolean): string | undefined {
  const value = get(https ? SECURE_NAME : PLAIN_NAME);
  return value && SESSION_ID.test(value) ? value : undefined;
}

/** The session id the browser sent, if any. */
export function readSessionId(request: Request): string | undefined {
  const cookies = new Map<string, string>();
  for (const part of (request.headers.get("cookie") ?? "").split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name && !cookies.has(name)) cookies.set(name, rest.join("="));
  }
  return pick((name) => cookies.get(name), isHttps(request));
}

/** The session id from Next's cookie store (server components), if any; `https` as `isHttps` of the request. */
export function sessionIdFromCookies(cookies: { get(name: string): { value: string } | undefined }, https: boolean): string | undefined {
  return pick((name) => cookies.get(name)?.value, https);
}

/**
 * The Set-Cookie value of a session: an opaque id only, `HttpOnly`, `SameSite=Strict`, `Path=/`; over HTTPS also
 * `Secure` and the `__Host-` prefix (which the browser enforces: no Domain, Secure, Path=/). Plain HTTP is for local
 * use (127.0.0.1), where a Secure cookie would not be kept by every browser.
 */
export function sessionCookie(request: Request, sessionId: string, maxAgeSeconds: number): string {
  const https = isHttps(request);
  return [`${https ? SECURE_NAME : PLAIN_NAME}=${sessionId}`, "Path=/", "HttpOnly", "SameSite=Strict", `Max-Age=${maxAgeSeconds}`, ...(https ? ["Secure"] : [])].join("; ");
}

/** Set-Cookie values that delete the session cookie, under either name. */
export function clearedSessionCookies(request: Request): string[] {
  const https = isHttps(request);
  return [
    `${PLAIN_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0`,
    ...(https ? [`${SECURE_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0; Secure`] : []),
  ];
}
