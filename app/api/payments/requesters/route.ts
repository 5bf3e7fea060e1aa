import { serve } from "@/lib/backend";
import { listPaymentRequesters } from "@/lib/server/activity/requesters-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/payments/requesters?account&requests: who in the workspace sent each payment allocation request, from the audit trail.
export const GET = serve(listPaymentRequesters);
