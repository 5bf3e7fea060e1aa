import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { removeKey, updateKey } from "@/lib/server/core/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

type Context = { params: Promise<{ keyId: string }> };

// PATCH /api/keys/{keyId} {historyScope}: an owner or admin changes a key's settings (what an Employee key's insights
// history covers).
export const PATCH = answerFailures(async (request: Request, context: Context) =>
  updateKey(request, (await context.params).keyId, await backend()),
);

// DELETE /api/keys/{keyId}: an owner or admin removes a key of the workspace (its stored copy is deleted at once).
export const DELETE = answerFailures(async (request: Request, context: Context) =>
  removeKey(request, (await context.params).keyId, await backend()),
);
