import { createHash } from "node:crypto";
import { matchesEtag } from "@/lib/data-api/request-check";
import { replaceResponse, type Stage } from "./context";

/**
 * A weak validator of a body: equal bodies, equal ETags. The handler stage tags a read's answer with it as it
 * serializes the body (reading the answer back here would cost more than the hash).
 *
 * @example
 * weakEtag('{"Data":[]}'); // 'W/"…"', the body's SHA-1 in base64url
 */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * Conditional GETs, around the handler: a successful GET answer whose `ETag` the request's `If-None-Match` names
 * (weakly, a list or `*`, by the shared comparison) becomes 304 with an empty body and the ETag. Writes, errors and
 * answers without an ETag pass as they are.
 */
export function etag(): Stage {
  return async (c, next) => {
    await next();
    const tag = c.res.headers.get("ETag");
    if (c.req.method !== "GET" || !c.res.ok || !tag || !matchesEtag(c.req.header("If-None-Match"), tag)) return;
    await c.res.body?.cancel();
    replaceResponse(c, new Response(null, { status: 304, headers: { ETag: tag } }));
  };
}
