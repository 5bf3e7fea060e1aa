import { serve } from "@/lib/backend";
import { listDisputes } from "@/lib/server/disputes/disputes-api";
import { raiseDispute } from "@/lib/server/disputes/raise-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/disputes?status=&customerId=&supplierId=: the disputes the asker sees; POST (Idempotency-Key) raises one
// (lib/server/disputes/).
export const GET = serve(listDisputes);
export const POST = serve(raiseDispute);
