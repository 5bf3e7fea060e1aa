import { serve } from "@/lib/backend";
import { getCollectedPhoto } from "@/lib/server/collections/collected-photos-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/collections/{arAccountId}/collected/{id}/photos/{photoId}: a recorded collection's photo, to whoever reads
// the record.
export const GET = serve(getCollectedPhoto);
