import { serve } from "@/lib/backend";
import { cancelInvitation } from "@/lib/server/core/members-api";

export const DELETE = serve(cancelInvitation);
