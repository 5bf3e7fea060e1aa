import { serve } from "@/lib/backend";
import { listCollected, recordCollected } from "@/lib/server/collections/collected-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/collections/{arAccountId}/collected: the account's recorded collections, newest first, with their match.
export const GET = serve(listCollected);
// POST /api/collections/{arAccountId}/collected {amount, method, reference?, deliveryDate?, customerId?} with an
// Idempotency-Key: what the rep collected at the door.
export const POST = serve(recordCollected);
