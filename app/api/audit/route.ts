import { serve } from "@/lib/backend";
import { listAudit } from "@/lib/server/activity/audit-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/audit: the workspace's audit trail (for the roles that may read it), newest first, paged and filtered (JSON), or as CSV (?format=csv).
export const GET = serve(listAudit);
