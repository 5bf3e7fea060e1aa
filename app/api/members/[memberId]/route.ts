import { serve } from "@/lib/backend";
import { removeMember, updateMember } from "@/lib/server/core/members-api";

export const PATCH = serve(updateMember);
export const DELETE = serve(removeMember);
