import { serve } from "@/lib/backend";
import { acceptInvitation } from "@/lib/server/core/invitations-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/invitations/accept {secret}: the invited person joins the invitation's workspace.
export const POST = serve(acceptInvitation);
