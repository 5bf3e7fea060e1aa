import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { chooseKey, describe } from "@/lib/server/core/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// GET /api/session: who is signed in, their workspace, role and keys. PATCH {activeKeyId}: work with another key.
// Signing in and out is better-auth's, under /api/auth/*.
export const GET = answerFailures(async (request: Request) => describe(request, await backend()));
export const PATCH = answerFailures(async (request: Request) => chooseKey(request, await backend()));
