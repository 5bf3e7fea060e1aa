import { serve } from "@/lib/backend";
import { declineInvitation } from "@/lib/server/core/invitations-api";

export const POST = serve(declineInvitation);
