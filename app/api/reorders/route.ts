import { serve } from "@/lib/backend";
import { getReorders } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/reorders?rep=&customer=&status=: the reorder lists of a rep's stores (lib/server/order-guide/shared-api.ts).
export const GET = serve(getReorders);
