import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";
import { demoSignIn } from "@/lib/server/core/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/demo {as, environment}: "Try the demo" on the sandbox: signs into the demo person of that kind.
export const POST = answerFailures(async (request: Request) => demoSignIn(request, await backend()));
