import { sandboxEnabled, serverEnv } from "@/lib/server/env";
import { mountedSandbox } from "@/lib/sandbox/mounted";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /sandbox/{env}/api/...: the embedded Data API emulator, on unless real API URLs are configured (or SANDBOX=off).
async function handle(request: Request): Promise<Response> {
  if (!sandboxEnabled) return Response.json({ Error: "The sandbox is off" }, { status: 404 });
  const { app } = await mountedSandbox(serverEnv);
  return app.fetch(request);
}

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as PUT };
