import { backend } from "@/lib/backend";
import { getAccountingMapping, putAccountingMapping } from "@/lib/server/accounting/accounting-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET, PUT /api/accounting/mapping: how the workspace's books name the vendor, accounts, tax code, bank and dates.
export const GET = answerFailures(async (request: Request) => getAccountingMapping(request, await backend()));
export const PUT = answerFailures(async (request: Request) => putAccountingMapping(request, await backend()));
