import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/route-errors";
import { removeKey } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/session/keys/{keyId}: remove one key from the session's ring.
export const DELETE = answerFailures(async (request: Request, context: { params: Promise<{ keyId: string }> }) =>
  removeKey(request, (await context.params).keyId, await backend()),
);
