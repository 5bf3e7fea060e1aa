import { serve } from "@/lib/backend";
import { getCollectionsExport } from "@/lib/server/collections/collections-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/collections/export?...: the Collections page's list as CSV, every row the filters keep, from the snapshot.
export const GET = serve(getCollectionsExport);
