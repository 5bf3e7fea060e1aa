import { serve } from "@/lib/backend";
import { cancelInvitation } from "@/lib/server/core/members-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/members/invitations/{invitationId}: cancel a pending invitation (owners and admins).
export const DELETE = serve(cancelInvitation);
