import { serve } from "@/lib/backend";
import { acknowledgeDispute } from "@/lib/server/disputes/disputes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/disputes/{id}/acknowledge with an Idempotency-Key: the store's rep has seen the dispute.
export const POST = serve(acknowledgeDispute);
