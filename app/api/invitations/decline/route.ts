import { serve } from "@/lib/backend";
import { declineInvitation } from "@/lib/server/core/invitations-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/invitations/decline {secret}: the invited person declines the invitation.
export const POST = serve(declineInvitation);
