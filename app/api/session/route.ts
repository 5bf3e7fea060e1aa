import { serve } from "@/lib/backend";
import { chooseKey, describe } from "@/lib/server/core/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/session: who is signed in, the workspace and role, its keys and the one in use (never a key).
export const GET = serve(describe);

// PATCH /api/session {activeKeyId}: work with another key of the workspace.
export const PATCH = serve(chooseKey);
