import { serve } from "@/lib/backend";
import { listMembers } from "@/lib/server/core/members-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/members: the workspace's members, and its pending invitations to those who may invite.
export const GET = serve(listMembers);
