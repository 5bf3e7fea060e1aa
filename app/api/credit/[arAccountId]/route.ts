import { serve } from "@/lib/backend";
import { getCredit, putCreditLimit } from "@/lib/server/credit/credit-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/credit/{arAccountId}: the account's credit as the asker's side sees it; PUT {limit} (Idempotency-Key,
// If-Match optional): the staff set its limit (lib/server/credit/).
export const GET = serve(getCredit);
export const PUT = serve(putCreditLimit);
