import "server-only";

/**
 * How the browser addressed Backroom: the host and scheme it used, directly or through a proxy that says so
 * (`X-Forwarded-Host`, `X-Forwarded-Proto`, first value of a list). Next builds `request.url` from its own host name,
 * so links made for the browser, the same-origin check and the cookie's `Secure` all read these instead.
 */
export function publicHost(request: Request): string | undefined {
  return first(request.headers.get("x-forwarded-host")) ?? request.headers.get("host") ?? undefined;
}

/** Whether the browser reached Backroom over HTTPS. */
export function isHttps(request: Request): boolean {
  return (
    (first(request.headers.get("x-forwarded-proto")) ?? new URL(request.url).protocol.replace(":", "")) === "https"
  );
}

/** `https://backroom.example` as the browser sees it; the request's own origin when no host is known. */
export function publicOrigin(request: Request): string {
  const host = publicHost(request);
  return host ? `${isHttps(request) ? "https" : "http"}://${host}` : new URL(request.url).origin;
}

function first(list: string | null): string | undefined {
  const value = list?.split(",")[0]?.trim();
  return value || undefined;
}

/**
 * Backroom's address for a link in a mail sent with no request to read it from (a notification, a feature's mail):
 * PUBLIC_URL, or without it this process's own loopback address on the port it listens on (`PORT`: local use and the
 * tests; the one origin trusted then, as better-auth's `loopbackHosts`; a deployment sets PUBLIC_URL, which
 * better-auth requires there anyway).
 *
 * @example
 * mailOrigin("https://backroom.example", 3000); // "https://backroom.example"
 * mailOrigin(undefined, 3100); // "http://localhost:3100"
 */
export function mailOrigin(publicUrl: string | undefined, port: number): string {
  return publicUrl ?? (port === 80 ? "http://localhost" : `http://localhost:${port}`);
}
