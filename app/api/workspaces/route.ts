import { serve } from "@/lib/backend";
import { createWorkspace } from "@/lib/server/core/workspaces-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/workspaces {name}: make a workspace, as its owner, and work in it.
export const POST = serve(createWorkspace);
