import { serve } from "@/lib/backend";
import { chooseWorkspace } from "@/lib/server/core/workspaces-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PUT /api/session/workspace {workspaceId}: work in another of one's workspaces from now on.
export const PUT = serve(chooseWorkspace);
