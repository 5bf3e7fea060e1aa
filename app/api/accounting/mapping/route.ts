import { serve } from "@/lib/backend";
import { getAccountingMapping, putAccountingMapping } from "@/lib/server/accounting/accounting-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/accounting/mapping: how the workspace's books name the vendor, accounts, tax code, bank and dates.
export const GET = serve(getAccountingMapping);

// PUT /api/accounting/mapping {vendorName, defaultAccount, accounts, ...}: sets it (owners, admins, Accounts).
export const PUT = serve(putAccountingMapping);
