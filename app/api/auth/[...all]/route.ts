import { backend } from "@/lib/backend";
import { answerFailures } from "@/lib/server/core/route-errors";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /api/auth/*: better-auth's endpoints as the library names them (sign-up/email, sign-in/email, sign-out,
// organization/*, two-factor/*, passkey/*, callback/oidc, ...), on Backroom's database (lib/server/core/auth/auth.ts).
const handle = answerFailures(async (request: Request) => (await backend()).auth.handler(request));
export const GET = handle;
export const POST = handle;
