import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/route-errors";
import { connect, describe, signOut, switchKey } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/session: connect a key. GET: the active key and the ring. PATCH: switch keys. DELETE: sign out.
export const POST = answerFailures(async (request: Request) => connect(request, await backend()));
export const GET = answerFailures(async (request: Request) => describe(request, await backend()));
export const PATCH = answerFailures(async (request: Request) => switchKey(request, await backend()));
export const DELETE = answerFailures(async (request: Request) => signOut(request, await backend()));
