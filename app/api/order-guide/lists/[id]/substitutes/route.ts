import { serve } from "@/lib/backend";
import { getSubstitutes } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide/lists/{id}/substitutes?lineId=: what the rep may offer instead of a line.
export const GET = serve(getSubstitutes);
