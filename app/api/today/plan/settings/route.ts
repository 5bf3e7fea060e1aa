import { serve } from "@/lib/backend";
import { getDaySettings, putDaySettings } from "@/lib/server/today/day-settings";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET, PUT /api/today/plan/settings: the member's working day for the route plan (start, end, day, visit).
export const GET = serve(getDaySettings);
export const PUT = serve(putDaySettings);
