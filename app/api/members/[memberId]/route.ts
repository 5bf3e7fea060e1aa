import { serve } from "@/lib/backend";
import { removeMember, updateMember } from "@/lib/server/core/members-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/members/{memberId} {role?, salesRepUserId?}: change a member's role or rep link (owners and admins).
export const PATCH = serve(updateMember);

// DELETE /api/members/{memberId}: remove a member (owners and admins; an admin never an owner).
export const DELETE = serve(removeMember);
