import { createHash } from "node:crypto";
import { matchesEtag } from "@/lib/data-api/request-check";
import { replaceResponse, type Stage } from "./context";

/** A weak validator of a body: equal bodies, equal ETags. */
export function weakEtag(body: string | Uint8Array): string {
  return `W/"${createHash("sha1").update(body).digest("base64url")}"`;
}

/**
 * ETags, around the handler: a successful GET answer gets `W/"<sha1 of the body>"`, and when `If-None-Match` names it
 * (weakly, a list or `*`, by the shared comparison) it becomes 304 with an empty body and the ETag.
 */
export function etag(): Stage {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || !c.res.ok) return;
    const body = new Uint8Array(await c.res.arrayBuffer());
    const tag = weakEtag(body);
    if (matchesEtag(c.req.header("If-None-Match"), tag)) return replaceResponse(c, new Response(null, { status: 304, headers: { ETag: tag } }));
    const headers = new Headers(c.res.headers);
    headers.set("ETag", tag);
    replaceResponse(c, new Response(body, { status: c.res.status, headers }));
  };
}
