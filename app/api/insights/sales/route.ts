import { serve } from "@/lib/backend";
import { getSales } from "@/lib/server/insights/insights-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/sales?from=&to=&by=product|customer|week|rep: the key's sales from its synced history.
export const GET = serve(getSales);
