import { serve } from "@/lib/backend";
import { addKey, listKeys } from "@/lib/server/core/keys-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/keys: the workspace's keys, never a key itself.
export const GET = serve(listKeys);

// POST /api/keys {apiKey, environment, label?}: add a key to the workspace (owners and admins), checked first.
export const POST = serve(addKey);
