import { backend } from "@/lib/backend";
import { getAccountingExports } from "@/lib/server/accounting/accounting-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/exports: the workspace's latest marked exports, newest first.
export const GET = answerFailures(async (request: Request) => getAccountingExports(request, await backend()));
