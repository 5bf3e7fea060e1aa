import { serve } from "@/lib/backend";
import { getDispute } from "@/lib/server/disputes/disputes-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/disputes/{id}: a dispute as the asker's side sees it, with its ETag (lib/server/disputes/disputes-api.ts).
export const GET = serve(getDispute);
