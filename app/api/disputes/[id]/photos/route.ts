import { serve } from "@/lib/backend";
import { addDisputePhoto } from "@/lib/server/disputes/photos-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/disputes/{id}/photos (multipart, field photo) with an Idempotency-Key: the store adds a photo.
export const POST = serve(addDisputePhoto);
