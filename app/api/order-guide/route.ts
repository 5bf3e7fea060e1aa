import { serve } from "@/lib/backend";
import { getOrderGuide } from "@/lib/server/order-guide/guide-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/order-guide?customer=&coverDays=: a store's order guide, as JSON or CSV.
export const GET = serve(getOrderGuide);
