import type { Instrumentation } from "next";

/**
 * Next calls `register` once when a server starts, before it takes requests: the backend is assembled then, so the
 * database migrations run at start (not on the first request) and `/api/ready` can tell from the first probe.
 * `onRequestError` writes one JSON line for each error a page or route handler throws.
 * `NEXT_RUNTIME` is Next's own variable, the documented way to keep Node-only code out of other runtimes.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { backend } = await import("@/lib/backend");
  await backend();
}

export const onRequestError: Instrumentation.onRequestError = async (error, request, context) => {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { log } = await import("@/lib/server/log");
  const { message, digest } = error as Error & { digest?: string };
  // The path without its query (query values are never logged), and no headers.
  log().error({ method: request.method, path: request.path.split("?")[0], route: context.routePath, kind: context.routeType, digest, error: message }, "server error");
};
