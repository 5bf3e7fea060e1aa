import { serve } from "@/lib/backend";
import { chooseWorkspace } from "@/lib/server/core/workspaces-api";

export const PUT = serve(chooseWorkspace);
