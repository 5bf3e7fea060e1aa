import { serve } from "@/lib/backend";
import { demoSignIn } from "@/lib/server/core/demo-api";

export const runtime = "nodejs";
export const dynamic = "force-dynamic";

// POST /api/demo {as, environment}: "Try the demo" on the sandbox: signs into the demo person of that kind.
export const POST = serve(demoSignIn);
