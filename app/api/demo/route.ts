import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/route-errors";
import { demoSignIn } from "@/lib/server/session-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/demo {as, environment}: "Try the demo" on the sandbox: signs into the demo person of that kind.
export const POST = answerFailures(async (request: Request) => demoSignIn(request, await backend()));
