import { serve } from "@/lib/backend";
import { getPlanWeek } from "@/lib/server/today/plan-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/today/plan/week?rep=&weekOf=YYYY-MM-DD: a rep's five days, Monday to Friday, each planned from its area.
export const GET = serve(getPlanWeek);
