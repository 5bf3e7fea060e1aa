import { serve } from "@/lib/backend";
import { declineSubstitute } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/substitutions/{lineId}/decline with an Idempotency-Key: the store refuses it.
export const POST = serve(declineSubstitute);
