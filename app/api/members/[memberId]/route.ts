import { backend } from "@/lib/backend";
import { linkSalesRep } from "@/lib/server/core/members-api";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/members/{memberId} {salesRepUserId}: link a member to a sales rep (owners and admins).
export const PATCH = answerFailures(async (request: Request, context: { params: Promise<{ memberId: string }> }) =>
  linkSalesRep(request, (await context.params).memberId, await backend()),
);
