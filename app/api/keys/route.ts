import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { addKey, listKeys } from "@/lib/server/core/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/keys: the workspace's keys. POST {apiKey, environment, label?}: an owner or admin adds one (checked first).
export const GET = answerFailures(async (request: Request) => listKeys(request, await backend()));
export const POST = answerFailures(async (request: Request) => addKey(request, await backend()));
