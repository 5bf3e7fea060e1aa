import { serve } from "@/lib/backend";
import { getDisputePhoto } from "@/lib/server/disputes/photos-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/disputes/{id}/photos/{photoId}: a dispute's photo, to its store's and its rep's side.
export const GET = serve(getDisputePhoto);
