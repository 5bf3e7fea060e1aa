import { backend } from "@/lib/backend";
import { listPaymentRequesters } from "@/lib/server/activity/requesters-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/payments/requesters?account&requests: who in the workspace sent each payment allocation request, from the audit trail.
export const GET = answerFailures(async (request: Request) => listPaymentRequesters(request, await backend()));
