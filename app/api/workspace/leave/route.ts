import { serve } from "@/lib/backend";
import { leaveWorkspace } from "@/lib/server/core/workspaces-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/workspace/leave: leave the workspace worked in (not its last owner).
export const POST = serve(leaveWorkspace);
