import { serve } from "@/lib/backend";
import { replyToDispute } from "@/lib/server/disputes/disputes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/disputes/{id}/replies {text} with an Idempotency-Key: a reply in the dispute's thread.
export const POST = serve(replyToDispute);
