import { serve } from "@/lib/backend";
import { demoSignIn } from "@/lib/server/core/demo-api";

export const POST = serve(demoSignIn);
