import { serve } from "@/lib/backend";
import { createWorkspace } from "@/lib/server/core/workspaces-api";

export const POST = serve(createWorkspace);
