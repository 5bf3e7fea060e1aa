import "server-only";

const SECURE_NAME = "__Host-backroom_session";
const PLAIN_NAME = "backroom_session";

/** Whether the browser reached Backroom over HTTPS (directly, or through a proxy that says so). */
export function isHttps(request: Request): boolean {
  const forwarded = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
  return (forwarded ?? new URL(request.url).protocol.replace(":", "")) === "https";
}

const SESSION_ID = /^[A-Za-z0-9_-]{20,200}$/;

/** The session id the browser sent, if any. */
export function readSessionId(request: Request): string | undefined {
  const cookies = request.headers.get("cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [name, ...rest] = part.trim().split("=");
    if (name === SECURE_NAME || name === PLAIN_NAME) {
      const value = rest.join("=");
      if (SESSION_ID.test(value)) return value;
    }
  }
  return undefined;
}

/** The session id from Next's cookie store (server components), if any. */
export function sessionIdFromCookies(cookies: { get(name: string): { value: string } | undefined }): string | undefined {
  const value = cookies.get(SECURE_NAME)?.value ?? cookies.get(PLAIN_NAME)?.value;
  return value && SESSION_ID.test(value) ? value : undefined;
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
