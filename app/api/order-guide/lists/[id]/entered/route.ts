import { serve } from "@/lib/backend";
import { enterList } from "@/lib/server/order-guide/shared-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/order-guide/lists/{id}/entered {erpRef?} with an Idempotency-Key: the rep entered it in the ERP.
export const POST = serve(enterList);
