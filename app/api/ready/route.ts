import { serve } from "@/lib/backend";
import { getReady } from "@/lib/server/core/probes-api";

export const GET = serve(getReady);
