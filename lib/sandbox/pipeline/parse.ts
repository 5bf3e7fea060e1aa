import { isRefusal } from "@/lib/data-api/refusal";
import { checkInput } from "@/lib/data-api/request-check";
import { refuse } from "../handler";
import type { Stage } from "./context";

/**
 * The request's input, by the shared request check: path and query parameters (400 naming the parameter), then, for
 * an operation that takes one, the body (415, 413, 400 BODY_REQUIRED, MALFORMED_JSON or VALIDATION_FAILED), strict or
 * lenient as `Prefer` asks where the operation honours it.
 */
export function parse(): Stage {
  return async (c, next) => {
    const input = await checkInput({ operation: c.get("operation"), params: c.get("params") }, c.req.raw);
    if (isRefusal(input)) refuse(input);
    c.set("input", input);
    await next();
  };
}
