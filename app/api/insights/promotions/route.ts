import { serve } from "@/lib/backend";
import { getPromotionLift } from "@/lib/server/insights/brand-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/promotions?from=&to=: each promotion that ran in the period, its lift against its doors' 8 weeks before.
export const GET = serve(getPromotionLift);
