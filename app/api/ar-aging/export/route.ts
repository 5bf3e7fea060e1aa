import { serve } from "@/lib/backend";
import { getAgingExport } from "@/lib/server/collections/aging-export";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/ar-aging/export?...: an Employee key's whole AR aging as CSV, every row the filters keep, from the snapshot.
export const GET = serve(getAgingExport);
