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
  const { logServerError } = await import("@/lib/server/core/log");
  logServerError(error, request, context);
};
