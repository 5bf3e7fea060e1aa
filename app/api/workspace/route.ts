import { serve } from "@/lib/backend";
import { updateWorkspace } from "@/lib/server/core/workspaces-api";

export const PATCH = serve(updateWorkspace);
