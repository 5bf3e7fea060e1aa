import { serve } from "@/lib/backend";
import { removeKey, updateKey } from "@/lib/server/core/keys-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// PATCH /api/keys/{keyId} {historyScope}: what an Employee key's insights history covers (owners and admins).
export const PATCH = serve(updateKey);

// DELETE /api/keys/{keyId}: remove a key of the workspace; its stored copy is deleted at once (owners and admins).
export const DELETE = serve(removeKey);
