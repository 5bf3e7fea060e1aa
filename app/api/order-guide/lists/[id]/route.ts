import { serve } from "@/lib/backend";
import { getSharedList, patchSharedList } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide/lists/{id}: a reorder list as its store or its rep sees it, with its ETag; PATCH (If-Match)
// changes its lines or notes it (lib/server/order-guide/shared-api.ts).
export const GET = serve(getSharedList);
export const PATCH = serve(patchSharedList);
