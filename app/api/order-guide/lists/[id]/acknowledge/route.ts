import { serve } from "@/lib/backend";
import { acknowledgeList } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/acknowledge with an Idempotency-Key: the rep has seen the list.
export const POST = serve(acknowledgeList);
