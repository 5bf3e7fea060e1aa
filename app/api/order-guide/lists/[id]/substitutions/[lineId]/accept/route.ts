import { serve } from "@/lib/backend";
import { acceptSubstitute } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/substitutions/{lineId}/accept with an Idempotency-Key: the store takes it.
export const POST = serve(acceptSubstitute);
