import { serve } from "@/lib/backend";
import { addCollectedPhoto } from "@/lib/server/collections/collected-photos-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/collections/{arAccountId}/collected/{id}/photos (multipart, field photo) with an Idempotency-Key: the
// check's photo of a recorded collection.
export const POST = serve(addCollectedPhoto);
