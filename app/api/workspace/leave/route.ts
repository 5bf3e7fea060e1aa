import { serve } from "@/lib/backend";
import { leaveWorkspace } from "@/lib/server/core/workspaces-api";

export const POST = serve(leaveWorkspace);
