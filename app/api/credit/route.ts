import { serve } from "@/lib/backend";
import { listCredit } from "@/lib/server/credit/credit-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/credit?sort=&over=&q=&page=: the staff's credit list, from the Employee key's snapshot (lib/server/credit/).
export const GET = serve(listCredit);
