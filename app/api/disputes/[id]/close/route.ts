import { serve } from "@/lib/backend";
import { closeDispute } from "@/lib/server/disputes/disputes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/disputes/{id}/close {reason} with an Idempotency-Key: the distributor's staff end the dispute.
export const POST = serve(closeDispute);
