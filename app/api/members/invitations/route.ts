import { serve } from "@/lib/backend";
import { inviteMember } from "@/lib/server/core/members-api";

export const POST = serve(inviteMember);
