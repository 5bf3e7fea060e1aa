import { serve } from "@/lib/backend";
import { inviteMember } from "@/lib/server/core/members-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/members/invitations {email, role}: invite someone to the workspace (owners and admins).
export const POST = serve(inviteMember);
