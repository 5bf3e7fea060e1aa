import { serve } from "@/lib/backend";
import { authDoor } from "@/lib/server/core/auth/auth-door";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// /api/auth/*: the accounts library's endpoints Backroom's pages call (sign-up, sign-in, sign-out, the session, address
// confirmation, password reset, two factors, passkeys, the single sign-on callback); every other path answers 404.
export const GET = serve(authDoor);
export const POST = serve(authDoor);
