import { backend } from "@/lib/backend";
import { proxyRequest } from "@/lib/server/proxy";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /api/v1/...: the Data API's v1 operations, forwarded with the session's key (lib/server/proxy.ts).
async function handle(request: Request, context: { params: Promise<{ path: string[] }> }) {
  const { path } = await context.params;
  return proxyRequest(request, "v1", path, await backend());
}

export { handle as GET, handle as POST, handle as PATCH, handle as DELETE, handle as PUT };
