import { SandboxConfig } from "@/lib/sandbox/config";
import { mountedSandbox } from "@/lib/sandbox/mounted";
import { sandboxEnabled, sandboxSettings } from "@/lib/server/env";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

/**
 * The request as the client addressed it: Next builds `request.url` from its own host name, so links the sandbox
 * makes (Location, document URLs) would name `localhost` to a client that came through another name.
 */
function asAddressed(request: Request): Request {
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host");
  if (!host) return request;
  const url = new URL(request.url);
  const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim() ?? url.protocol.replace(":", "");
  const addressed = new URL(`${url.pathname}${url.search}`, `${proto}://${host}`);
  if (addressed.href === url.href) return request;
  const body = request.method === "GET" || request.method === "HEAD" ? undefined : request.body;
  return new Request(addressed, { method: request.method, headers: request.headers, body, signal: request.signal, duplex: "half" } as RequestInit);
}

// /sandbox/{env}/api/... and /sandbox/{env}/operator/...: the embedded Data API emulator, on unless real API URLs are
// configured (or SANDBOX=off).
async function handle(request: Request): Promise<Response> {
  if (!sandboxEnabled) return Response.json({ Error: "The sandbox is off" }, { status: 404 });
  const { app } = await mountedSandbox(SandboxConfig.parse(sandboxSettings));
  return app.fetch(asAddressed(request));
}

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as PUT };
