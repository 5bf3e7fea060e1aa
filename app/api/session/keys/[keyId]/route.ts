import { backend } from "@/lib/backend";
import { removeKey } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// DELETE /api/session/keys/{keyId}: remove one key from the session's ring.
export async function DELETE(request: Request, context: { params: Promise<{ keyId: string }> }) {
  const { keyId } = await context.params;
  return removeKey(request, keyId, await backend());
}
