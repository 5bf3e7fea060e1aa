import { proxyRoutes } from "@/lib/backend";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /api/v1/...: the Data API's v1 operations, forwarded with the session's key (lib/server/core/proxy/, a pipeline of stages).
export const { GET, POST, PATCH, DELETE, PUT } = proxyRoutes("v1");
