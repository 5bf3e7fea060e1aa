import { serve } from "@/lib/backend";
import { acceptInvitation } from "@/lib/server/core/invitations-api";

export const POST = serve(acceptInvitation);
