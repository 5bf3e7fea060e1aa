import { serve } from "@/lib/backend";
import { getDisputeFigures } from "@/lib/server/disputes/figures-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/disputes/figures: the disputes counted, for the distributor's staff and for a brand.
export const GET = serve(getDisputeFigures);
