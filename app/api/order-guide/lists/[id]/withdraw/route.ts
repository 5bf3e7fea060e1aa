import { serve } from "@/lib/backend";
import { withdrawOrderList } from "@/lib/server/order-guide/withdraw-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/withdraw with an Idempotency-Key: withdraws a list and tells the rep it reached,
// once (lib/server/order-guide/withdraw-api.ts).
export const POST = serve(withdrawOrderList);
