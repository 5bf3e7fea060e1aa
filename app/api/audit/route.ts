import { backend } from "@/lib/backend";
import { listAudit } from "@/lib/server/activity/audit-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/audit: the workspace's audit trail (for the roles that may read it), newest first, paged and filtered (JSON), or as CSV (?format=csv).
export const GET = answerFailures(async (request: Request) => listAudit(request, await backend()));
