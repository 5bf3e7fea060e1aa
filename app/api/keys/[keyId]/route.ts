import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/route-errors";
import { removeKey } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/keys/{keyId}: an owner or admin removes a key of the workspace (its stored copy is deleted at once).
export const DELETE = answerFailures(async (request: Request, context: { params: Promise<{ keyId: string }> }) =>
  removeKey(request, (await context.params).keyId, await backend()),
);
