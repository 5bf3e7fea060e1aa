import { backend } from "@/lib/backend";
import { getAccountingPreview } from "@/lib/server/accounting/accounting-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/preview?format=&from=&to=[&statuses=&customer=&new=1]: what an export would hold, and its first rows.
export const GET = answerFailures(async (request: Request) => getAccountingPreview(request, await backend()));
