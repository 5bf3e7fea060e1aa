import { embeddedSandbox } from "@/lib/backend";
import { sandboxEnabled } from "@/lib/server/core/env";
import { publicOrigin } from "@/lib/server/core/public-origin";
import { errorBody } from "@/lib/server/core/route-errors";

/**
 * The request as the client addressed it: Next builds `request.url` from its own host name, so links the sandbox
 * makes (Location, document URLs) would name `localhost` to a client that came through another name.
 */
function asAddressed(request: Request): Request {
  const url = new URL(request.url);
  const addressed = new URL(`${url.pathname}${url.search}`, publicOrigin(request));
  if (addressed.href === url.href) return request;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.body;
  return new Request(addressed, {
    method: request.method,
    headers: request.headers,
    body,
    signal: request.signal,
    duplex: "half",
  } as RequestInit);
}

// /sandbox/{env}/api/... and /sandbox/{env}/operator/...: the embedded Data API emulator, on unless real API URLs are
// configured (or SANDBOX=off).
async function handle(request: Request): Promise<Response> {
  if (!sandboxEnabled) return Response.json(errorBody("The sandbox is off"), { status: 404 });
  const { app } = await embeddedSandbox();
  return app.fetch(asAddressed(request));
}

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as PUT };
