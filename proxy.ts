import { type NextRequest, NextResponse } from "next/server";
import { malformedPathAnswer } from "./scripts/malformed-path.mjs";

/**
 * Next's proxy file (the successor of middleware): a fresh nonce per page request for a strict Content-Security-Policy
 * (Next puts the nonce on its own scripts when it finds the policy on the request), and HSTS over HTTPS. The headers
 * that never change are set in `next.config.mjs` for every answer. Authorization is not done here: route handlers and
 * the data layer check the session themselves.
 *
 * A path with a malformed percent-escape, which Next would answer 500 when matching a dynamic route, is answered here
 * as serve.mjs answers it in production (scripts/malformed-path.mjs): 400 in the API's error shape under /api and
 * /sandbox, the not-found page elsewhere. This covers `next dev` and `next start`; behind serve.mjs it never comes here.
 */
export function proxy(request: NextRequest) {
  const malformed = malformedPathAnswer(request.nextUrl.pathname);
  if (malformed) {
    return "rewrite" in malformed
      ? NextResponse.rewrite(new URL(malformed.rewrite, request.url))
      : new NextResponse(malformed.body, { status: malformed.status, headers: malformed.headers });
  }
  // /api and /sandbox come here only for a path holding a %, to have it checked (the matcher below): nothing more.
  if (/^\/(api|sandbox)\//.test(request.nextUrl.pathname)) return NextResponse.next();
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const https =
    (request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? request.nextUrl.protocol.replace(":", "")) ===
    "https";
  // NODE_ENV is fixed at build time by Next: development needs eval for React's debugging, production never.
  const development = process.env.NODE_ENV === "development";
  const policy = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    `style-src 'self' 'nonce-${nonce}'`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self'",
    "connect-src 'self'",
    // The service worker (/serwist/sw.js) and the web app manifest: without worker-src, the script-src above (a nonce
    // and 'strict-dynamic', which drops 'self') would refuse the worker's registration.
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");

  const forwarded = new Headers(request.headers);
  forwarded.set("Content-Security-Policy", policy);
  // The address being rendered, so a page that needs a session can send the person to /sign-in and back here.
  forwarded.set("x-backroom-path", request.nextUrl.pathname + request.nextUrl.search);
  const response = NextResponse.next({ request: { headers: forwarded } });
  response.headers.set("Content-Security-Policy", policy);
  if (https) response.headers.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
  return response;
}

export const config = {
  // Pages only: not Next's static files (hashed, immutable, not documents), nor the public menus (`/menu/{token}`: a
  // route that sets its own policy, with no script at all), nor the JSON of /api and /sandbox, which no policy applies to and which the proxy's latency budget has no room for (docs/benchmarks.md); of those, only a
  // path holding a %, to catch a malformed escape (a rare address: ids seldom need escaping).
  matcher: ["/((?!_next/static|_next/image|api/|sandbox/|menu/).*)", "/(api|sandbox)/(.*%.*)"],
};
