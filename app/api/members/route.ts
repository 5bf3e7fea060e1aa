import { backend } from "@/lib/backend";
import { listMembers } from "@/lib/server/core/members-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/members: the workspace's members and pending invitations (changing them: /api/auth/organization/*).
export const GET = answerFailures(async (request: Request) => listMembers(request, await backend()));
