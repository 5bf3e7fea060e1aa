import { randomUUID } from "node:crypto";
import { requestIdOf } from "@/lib/data-api/request-check";
import type { Stage } from "./context";

/**
 * The first stage: every answer of the API carries an `X-Request-Id`, the caller's when it keeps the shared rule (1 to
 * 64 letters and digits), a new UUID otherwise; a fault's answer and an error's too.
 */
export function requestId(): Stage {
  return async (c, next) => {
    const id = requestIdOf(c.req.header("X-Request-Id"), randomUUID);
    c.set("requestId", id);
    await next();
    c.res.headers.set("X-Request-Id", id);
  };
}
