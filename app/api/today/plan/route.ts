import { serve } from "@/lib/backend";
import { getPlan } from "@/lib/server/today/plan-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/today/plan?rep=&date=&stops=&add=&remove=&from=lat,lon: a rep's day's visits, chosen and in driving order.
export const GET = serve(getPlan);
