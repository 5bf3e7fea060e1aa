import { serve } from "@/lib/backend";
import { getDistribution } from "@/lib/server/insights/brand-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/distribution?from=&to=&by=product|line: doors, new and lost doors, velocity and share of doors.
export const GET = serve(getDistribution);
