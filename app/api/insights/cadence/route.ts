import { serve } from "@/lib/backend";
import { getCadence } from "@/lib/server/insights/brand-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/insights/cadence[?asOf=YYYY-MM-DD]: each store's reorder cadence, due and late by its own median.
export const GET = serve(getCadence);
