import { backend } from "@/lib/backend";
import { authRoute } from "@/lib/server/core/auth/auth-route";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /api/auth/*: the accounts library's endpoints Backroom's pages call (sign-up, sign-in, sign-out, the session, address
// confirmation, password reset, two factors, passkeys, the single sign-on callback); every other path answers 404.
const handle = answerFailures(async (request: Request) => authRoute(request, await backend()));
export const GET = handle;
export const POST = handle;
