import type { Context } from "hono";
import { SandboxError } from "../handler";
import { type ApiEnv, json } from "./context";

/**
 * The pipeline's error handler (`api.onError`): a `SandboxError`, thrown by a stage or a handler, is its answer in the
 * API's shape with its own headers; anything else is a bug, logged with the request's id and answered 500
 * `{"Error": "Unexpected server error"}`. The stages before the one that threw add their headers to the answer as to
 * any other (the request id, the rate-limit figures).
 */
export function answerError(error: Error, c: Context<ApiEnv>): Response {
  if (error instanceof SandboxError) return json(error.body, error.status, error.headers);
  console.error(`sandbox: ${c.req.method} ${c.req.path} failed (request ${c.get("requestId")})`, error);
  return json({ Error: "Unexpected server error" }, 500);
}
