import { serve } from "@/lib/backend";
import { updateWorkspace } from "@/lib/server/core/workspaces-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/workspace {name?, requireTwoFactor?}: rename the workspace worked in, or require two factors (owners, admins).
export const PATCH = serve(updateWorkspace);
