import { backend } from "@/lib/backend";
import { connect, describe, signOut, switchKey } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/session: connect a key. GET: the active key and the ring. PATCH: switch keys. DELETE: sign out.
export const POST = async (request: Request) => connect(request, await backend());
export const GET = async (request: Request) => describe(request, await backend());
export const PATCH = async (request: Request) => switchKey(request, await backend());
export const DELETE = async (request: Request) => signOut(request, await backend());
